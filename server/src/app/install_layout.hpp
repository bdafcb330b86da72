#pragma once
// Where the portal's read-only files are (docs/operations.md "Installing"). An installed binary,
// <prefix>/bin/portal, finds them under <prefix>/share/portal/: web (the client build), migrations, locales
// (the message bundles) and data (the demo's tenants, catalog and media). A binary anywhere else (a checkout's
// build folder: make run, the tests) uses the source tree's folders relative to the working directory. Mail
// templates are compiled in. The database and the media folder are state, not part of either: set them in the
// configuration (the package's /etc/portal/portal.json puts both under /var/lib/portal).
#include <filesystem>
#include <optional>
#include <string>

namespace portal::app {

struct InstallLayout {
  std::string web_root = "web/dist";
  std::string data_dir = "data";
  std::string locales_dir = "web/src/locales";
  std::string migrations_dir = "server/migrations";
  std::optional<std::filesystem::path> share;  // <prefix>/share/portal when installed
};

// The layout of a binary at `exe`: installed when <exe's folder>/../share/portal/migrations is a folder.
InstallLayout layout_for(const std::filesystem::path& exe);
// This process's layout (its executable from /proc/self/exe).
InstallLayout install_layout();

}  // namespace portal::app

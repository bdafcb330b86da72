#include "app/install_layout.hpp"

namespace portal::app {

namespace fs = std::filesystem;

InstallLayout layout_for(const fs::path& exe) {
  InstallLayout layout;
  std::error_code ec;
  const fs::path share = (exe.parent_path() / ".." / "share" / "portal").lexically_normal();
  if (!fs::is_directory(share / "migrations", ec)) return layout;
  layout.share = share;
  layout.web_root = (share / "web").string();
  layout.data_dir = (share / "data").string();
  layout.locales_dir = (share / "locales").string();
  layout.migrations_dir = (share / "migrations").string();
  return layout;
}

InstallLayout install_layout() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? InstallLayout{} : layout_for(exe);
}

}  // namespace portal::app

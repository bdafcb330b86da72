#pragma once
// Message bundles for the six languages, loaded once from the client's
// locales folder (web/src/locales/<lang>/*.json), so both sides share one
// source of truth. Serialised answers are prepared at load time. The
// console's texts (admin.json) are not among them: the console's own bundle
// imports them, and the storefront's pages must not carry them.
#include <boost/json/object.hpp>  // free-form: a message catalog, sent to the client as it is in the locale files
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace portal::i18n {

inline const std::vector<std::string> kLanguages{"en", "ar", "fr", "de", "es", "ro"};

bool is_supported(std::string_view lang);

// Spec §4: the cookie (the user's own choice) first, then the tenant default,
// then the browser's Accept-Language list (exact, then base-language match),
// then en — each only when the tenant offers it (`offered`: the tenant's
// languages; empty = all six).
std::string choose_language(std::string_view cookie, std::string_view tenant_default,
                            std::string_view accept_language, const std::vector<std::string>& offered = {});

struct Bundle {
  boost::json::object messages;
  std::string serialized;
  std::string etag;
};

class I18nService {
 public:
  // Reads every supported language's folder; a missing folder leaves that
  // language with an empty bundle (and a warning in the log).
  explicit I18nService(const std::filesystem::path& locales_dir);

  std::shared_ptr<const Bundle> bundle(std::string_view lang) const;  // nullptr: unsupported
  // A dotted key ("meta.home.title") in lang, falling back to en, else nullopt.
  std::optional<std::string> text(std::string_view lang, std::string_view key) const;

 private:
  std::map<std::string, std::shared_ptr<const Bundle>, std::less<>> bundles_;
};

}  // namespace portal::i18n

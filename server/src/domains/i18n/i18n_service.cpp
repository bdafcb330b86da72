#include "domains/i18n/i18n_service.hpp"

#include <boost/json.hpp>  // free-form: the locale files' message catalogs, merged and looked up by dotted key
#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/log.hpp"
#include "core/languages.hpp"

namespace portal::i18n {
namespace json = boost::json;
namespace fs = std::filesystem;
namespace {

// Deep merge: later files add to or override earlier keys.
void merge(json::object& into, const json::object& from) {
  for (const auto& [key, value] : from) {
    auto* existing = into.if_contains(key);
    if (existing && existing->is_object() && value.is_object()) {
      merge(existing->as_object(), value.as_object());
    } else {
      into[key] = value;
    }
  }
}

std::string fnv_etag(std::string_view data) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : data) h = (h ^ c) * 1099511628211ull;
  std::ostringstream out;
  out << "\"" << std::hex << h << "\"";
  return out.str();
}

const json::value* find_dotted(const json::object& root, std::string_view key) {
  const json::object* node = &root;
  while (true) {
    const auto dot = key.find('.');
    const json::value* v = node->if_contains(key.substr(0, dot));
    if (!v) return nullptr;
    if (dot == std::string_view::npos) return v;
    if (!v->is_object()) return nullptr;
    node = &v->as_object();
    key.remove_prefix(dot + 1);
  }
}

}  // namespace

bool is_supported(std::string_view lang) { return core::is_language(lang); }

std::string choose_language(std::string_view cookie, std::string_view tenant_default, std::string_view accept_language,
                            const std::vector<std::string>& offered) {
  auto usable = [&](std::string_view lang) {
    return is_supported(lang) && (offered.empty() || std::find(offered.begin(), offered.end(), lang) != offered.end());
  };
  if (usable(cookie)) return std::string(cookie);
  if (usable(tenant_default)) return std::string(tenant_default);
  if (auto accepted = core::accept_language_choice(accept_language, offered)) return *accepted;
  return usable("en") || offered.empty() ? "en" : offered.front();
}

// The console's texts: its bundle imports them at build (web/src/admin/lib/i18n.ts).
constexpr std::string_view kConsoleMessages = "admin.json";

I18nService::I18nService(const fs::path& dir) {
  for (const auto& lang : kLanguages) {
    auto bundle = std::make_shared<Bundle>();
    const fs::path folder = dir / lang;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
      core::log_json(spdlog::level::warn, "Could not find messages for locale code", {{"lang", lang}});
    } else {
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".json" && entry.path().filename() != kConsoleMessages)
          files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        json::value v = json::parse(text.str());  // a broken bundle stops start-up: better than half a language
        if (v.is_object()) merge(bundle->messages, v.as_object());
      }
    }
    bundle->serialized = json::serialize(bundle->messages);
    bundle->etag = fnv_etag(bundle->serialized);
    bundles_.emplace(lang, std::move(bundle));
  }
}

std::shared_ptr<const Bundle> I18nService::bundle(std::string_view lang) const {
  auto it = bundles_.find(lang);
  return it == bundles_.end() ? nullptr : it->second;
}

std::optional<std::string> I18nService::text(std::string_view lang, std::string_view key) const {
  for (std::string_view l : {lang, std::string_view("en")}) {
    auto b = bundle(l);
    if (!b) continue;
    const json::value* v = find_dotted(b->messages, key);
    if (v && v->is_string()) return std::string(v->as_string());
  }
  return std::nullopt;
}

}  // namespace portal::i18n

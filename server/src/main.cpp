// portal: one binary serving the client build, the portal's own calls and the
// backend. Start-up and shutdown live in app/.
#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "app/app.hpp"
#include "app/config.hpp"
#include "app/media_store_config.hpp"
#include "app/operator_commands.hpp"
#include "core/build_info.hpp"

namespace {

constexpr std::string_view kIssueVouchersUsage =
    "Usage: portal issue-vouchers --tenant NAME --type SUBSCRIPTION_TYPE_ID --count N [--valid-days D] [--note TEXT]\n"
    "                             [--database ...] [--migrations-dir ...]\n"
    "  mints N voucher codes (1 to 10000) granting that subscription type of the tenant, valid D days\n"
    "  (default 365), as one batch (listed in the console's Vouchers page, with the note), and prints one\n"
    "  code per line. Only their hashes are stored; the batch id goes to stderr.\n";

long long number_of(std::string_view name, std::string_view text) {
  long long n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(std::string(name) + " must be a whole number");
  return n;
}

// `portal issue-vouchers ...`: its own options are taken out here; the rest
// (--database, --migrations-dir, --config, ...) are the server's options.
int issue_vouchers(int argc, char** argv) {
  portal::app::IssueVouchers args;
  bool type = false, count = false;
  std::vector<char*> rest{argv[0]};
  for (int i = 2; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string_view name) -> std::optional<std::string> {
      if (a == name) {
        if (i + 1 >= argc) throw std::invalid_argument(std::string(name) + " needs a value");
        return std::string(argv[++i]);
      }
      if (a.size() > name.size() && a.starts_with(name) && a[name.size()] == '=')
        return std::string(a.substr(name.size() + 1));
      return std::nullopt;
    };
    if (a == "--help" || a == "-h") {
      std::cout << kIssueVouchersUsage;
      return 0;
    }
    if (auto v = value("--tenant")) {
      args.tenant = *v;
    } else if (auto v = value("--type")) {
      args.type_id = number_of("--type", *v);
      type = true;
    } else if (auto v = value("--count")) {
      args.count = static_cast<int>(number_of("--count", *v));
      count = true;
    } else if (auto v = value("--note")) {
      args.note = *v;
    } else if (auto v = value("--valid-days")) {
      args.valid_days = static_cast<int>(number_of("--valid-days", *v));
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (args.tenant.empty() || !type || !count) throw std::invalid_argument("issue-vouchers needs --tenant, --type and --count");
  const auto parsed = portal::app::parse_args(static_cast<int>(rest.size()), rest.data());
  return portal::app::run_issue_vouchers(parsed.config, args);
}

}  // namespace

int main(int argc, char** argv) {
#ifdef __GLIBC__
  // Answers of 10-100 KB (page shells, lists) are allocated and freed on every
  // request: with glibc's defaults each free gave the heap's top back to the
  // system and the next answer faulted it in again (a tenth of a page shell's
  // time). Keep up to 16 MB of free heap, and serve such sizes from it.
  mallopt(M_TRIM_THRESHOLD, 16 << 20);
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
  if (argc > 1 && (std::string_view(argv[1]) == "tenant" || std::string_view(argv[1]) == "staff" ||
                   std::string_view(argv[1]) == "generate-activity" || std::string_view(argv[1]) == "history"))
    return portal::app::run_operator_command(argc, argv);
  if (argc > 1 && std::string_view(argv[1]) == "issue-vouchers") {
    try {
      return issue_vouchers(argc, argv);
    } catch (const std::exception& e) {
      std::cerr << "portal: " << e.what() << "\n" << kIssueVouchersUsage;
      return 2;
    }
  }
  portal::app::ParsedArgs args;
  try {
    args = portal::app::parse_args(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "portal: " << e.what() << "\nRun 'portal --help' for the options.\n";
    return 2;
  }
  if (args.help) {
    std::cout << args.help_text;
    return 0;
  }
  if (args.version) {  // the first line is what help2man and scripts/package read
    std::cout << "portal " << portal::core::build_version() << "\ncommit " << portal::core::build_commit() << "\n";
    return 0;
  }
  if (args.push_media) return portal::app::push_media(args.config, args.import_file);
  if (args.import_catalog) return portal::app::run_import(args.config, args.import_file, args.import_tenant,
                                                                  args.import_prune);
  return portal::app::run(args.config);
}

#include "app/operator_commands.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/activity_generator.hpp"
#include "app/config.hpp"
#include "app/history_upkeep.hpp"
#include "core/languages.hpp"
#include "core/log.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "core/clock.hpp"
#include "core/utc_time.hpp"
#include "db/timestamp.hpp"
#include "domains/audit/audit_repository.hpp"
#include "domains/hosted/hosted_frame.hpp"
#include "domains/i18n/i18n_service.hpp"
#include "domains/identity/mailer.hpp"
#include "domains/staff/staff_module.hpp"
#include "domains/staff/staff_service.hpp"
#include "domains/structure/structure_repository.hpp"
#include "domains/structure/structure_templates.hpp"
#include "domains/tenants/tenants_admin.hpp"
#include "domains/tenants/tenants_repository.hpp"
#include "domains/tenants/tenants_service.hpp"

namespace portal::app {
namespace {

constexpr std::string_view kUsage =
    "Usage: portal tenant create NAME --host HOST [--host HOST ...] [--language LANG]\n"
    "                           [--languages LANG,LANG...] [--display-name TEXT] [--public-origin URL]\n"
    "         --languages: the languages the tenant offers (default all six; holds --language)\n"
    "         --public-origin: where its mails link to (backend.publicOrigin); required outside the dev stage\n"
    "         unless the portal has a --public-url\n"
    "       portal tenant import FILE        (a tenant file, docs/tenants.md; replaces the tenant of that name)\n"
    "       portal tenant list\n"
    "       portal staff invite (--tenant NAME | --platform) --email E --role ROLE [--language LANG]\n"
    "                           [--base-url URL]\n"
    "         ROLE: owner, admin, editor, support, finance (a tenant's); --platform invites a platform\n"
    "         administrator. The invitation link is mailed (the outbox) and printed. Outside the dev stage it\n"
    "         needs PORTAL_STAFF_SECRET_KEY (or staffSecretKey in --config), the serving instances' key.\n"
    "       portal generate-activity --tenant NAME --customers N --days D --seed S [--until YYYY-MM-DD] [--jobs J]\n"
    "         synthetic customers (gen-S-N@example.test) and D days of their activity up to --until\n"
    "         --jobs: customers written by J connections at once (default 1; PostgreSQL gains, SQLite has one writer)\n"
    "         (default today): subscriptions, renewals, purchases, plays, page views (bench/README.md)\n"
    "       portal history upkeep\n"
    "         one run of the history upkeep (docs/operations.md \"Partitions and retention\"): PostgreSQL's month\n"
    "         partitions ahead, retention by --retention-*-months; for a database role that owns the tables\n"
    "         when the instances' role does not (a timer's job)\n"
    "  Each also takes the server's --database, --migrations-dir, --config, --data-dir, --locales-dir.\n";

struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The command's own words and options; the rest goes to the server's parser.
struct Parsed {
  std::string group;                    // tenant | staff
  std::string verb;                     // create | import | list | invite
  std::vector<std::string> positional;  // NAME or FILE
  std::vector<std::string> hosts;
  std::optional<std::string> language, languages, display_name, tenant, email, role, base_url, public_origin;
  std::optional<std::string> customers, days, seed, until, jobs;  // generate-activity
  bool platform = false;
  bool help = false;
  Config config;
};

Parsed parse(int argc, char** argv) {
  Parsed p;
  p.group = argv[1];
  std::vector<char*> rest{argv[0]};
  for (int i = 2; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string_view name) -> std::optional<std::string> {
      if (a == name) {
        if (i + 1 >= argc) throw UsageError(std::string(name) + " needs a value");
        return std::string(argv[++i]);
      }
      if (a.size() > name.size() && a.starts_with(name) && a[name.size()] == '=')
        return std::string(a.substr(name.size() + 1));
      return std::nullopt;
    };
    if (a == "--help" || a == "-h") {
      p.help = true;
    } else if (a == "--platform") {
      p.platform = true;
    } else if (auto v = value("--host")) {
      p.hosts.push_back(*v);
    } else if (auto v = value("--languages")) {
      p.languages = *v;
    } else if (auto v = value("--language")) {
      p.language = *v;
    } else if (auto v = value("--display-name")) {
      p.display_name = *v;
    } else if (auto v = value("--tenant")) {
      p.tenant = *v;
    } else if (auto v = value("--email")) {
      p.email = *v;
    } else if (auto v = value("--role")) {
      p.role = *v;
    } else if (auto v = value("--base-url")) {
      p.base_url = *v;
    } else if (auto v = p.group == "tenant" ? value("--public-origin") : std::nullopt) {
      p.public_origin = *v;
    } else if (auto v = p.group == "generate-activity" ? value("--customers") : std::nullopt) {
      p.customers = *v;
    } else if (auto v = p.group == "generate-activity" ? value("--days") : std::nullopt) {
      p.days = *v;
    } else if (auto v = p.group == "generate-activity" ? value("--seed") : std::nullopt) {
      p.seed = *v;
    } else if (auto v = p.group == "generate-activity" ? value("--until") : std::nullopt) {
      p.until = *v;
    } else if (auto v = p.group == "generate-activity" ? value("--jobs") : std::nullopt) {
      p.jobs = *v;
    } else if (!a.starts_with("-") && p.verb.empty()) {
      p.verb = a;
    } else if (!a.starts_with("-") && p.positional.empty() && (p.verb == "create" || p.verb == "import")) {
      p.positional.emplace_back(a);
    } else {
      rest.push_back(argv[i]);
      // A server option's value travels with it (--database URL).
      if (a.starts_with("--") && a.find('=') == std::string_view::npos && i + 1 < argc &&
          !std::string_view(argv[i + 1]).starts_with("--"))
        rest.push_back(argv[++i]);
    }
  }
  if (p.help) return p;
  p.config = parse_args(static_cast<int>(rest.size()), rest.data()).config;
  return p;
}

std::unique_ptr<db::Database> open_database(const Config& config, int connections = 1) {
  auto database = db::open(config.database, connections);
  db::migrate(*database, db::load_migrations(config.migrations_dir, database->dialect()));
  return database;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ",") + s;
  return out;
}

// The command line as an actor of the audit log.
staff::Actor cli_actor(std::string call) {
  staff::Actor a;
  a.id = "cli";
  const char* user = std::getenv("USER");
  a.email = user && *user ? user : "command line";
  a.role = "cli";
  a.call = std::move(call);
  return a;
}

void record(db::Database& database, const staff::Actor& actor, const tenants::Tenant& t, const std::string& action,
            boost::json::value before) {
  auto entry = staff::audit_entry(actor, t.id, action, "tenant", t.name, db::utc_timestamp());
  entry.before = std::move(before);
  boost::json::array hosts;
  for (const auto& h : t.hosts) hosts.emplace_back(h);
  entry.after = boost::json::object{{"name", t.name}, {"displayName", t.display_name}, {"hosts", std::move(hosts)},
                                    {"defaultLocale", t.default_locale},
                                    {"languages", boost::json::array(t.languages.begin(), t.languages.end())}};
  database.transaction([&](db::Session& s) { audit::AuditRepository::append(s, entry); });
}

// Where the tenant's links start (issue 72 item 3): its public origin as the running portal computes it
// (backend.publicOrigin, else the portal's public URL on the tenant's host); "" when neither is configured.
std::string tenant_base_url(const Config& config, const std::vector<tenants::Tenant>& all, const std::string& name) {
  tenants::TenantRegistry registry([&all] { return all; });
  registry.set_public_url(public_url_of(config, config.port));
  const auto t = registry.by_name(name);
  return t ? t->public_origin : std::string();
}

int staff_command(const Parsed& p) {
  if (p.verb != "invite") throw UsageError("staff takes invite");
  if (!p.email || !p.role) throw UsageError("staff invite needs --email and --role");
  if (p.platform == static_cast<bool>(p.tenant)) throw UsageError("staff invite needs --tenant NAME or --platform");
  auto database = open_database(p.config);
  tenants::TenantsRepository tenants_repository(*database);
  const auto all = tenants_repository.load_all();
  const tenants::Tenant* tenant = nullptr;
  for (const auto& t : all)
    if (p.tenant && t.name == *p.tenant) tenant = &t;
  if (p.tenant && !tenant) {
    std::cerr << "portal staff invite: no tenant named '" << *p.tenant << "'\n";
    return 1;
  }
  // A platform invitation goes through the first tenant's outbox and host.
  const tenants::Tenant* via = tenant ? tenant : (all.empty() ? nullptr : &all.front());
  core::SystemClock clock;
  identity::OutboxRepository outbox(*database);
  // Due at once whatever this command's own settings: the running portal's mail worker (any instance with SMTP)
  // sends it, as it sends the mail every other process writes.
  identity::OutboxMailer mailer(outbox, clock, true);
  i18n::I18nService i18n(p.config.locales_dir);
  staff::StaffRepository repository(*database);
  identity::ThrottleRepository throttle(*database);
  identity::SignInGuard guard(throttle, clock, staff::staff_sign_in_limits(), "staff");
  const staff::TotpSeal seal(staff_secret_key(p.config));
  staff::StaffService service(repository, guard, seal, mailer, clock, staff::staff_texts(i18n));
  staff::InviteInput in;
  if (tenant) in.tenant_id = tenant->id;
  in.email = *p.email;
  in.role = p.platform ? (*p.role == "platform_admin" || *p.role == "admin" ? "platform_admin" : *p.role) : *p.role;
  in.language = p.language.value_or(via ? via->default_locale : "en");
  in.base_url = p.base_url.value_or(via ? tenant_base_url(p.config, all, via->name) : "");
  if (via && in.base_url.empty())
    throw UsageError("staff invite needs --base-url URL: the tenant has no public origin (backend.publicOrigin) and "
                     "the portal no --public-url");
  in.site = tenant ? tenant->site_name() : "portal";
  if (via) in.mail_tenant = via->id;
  auto invitation = service.invite(cli_actor("portal staff invite"), in);
  if (!invitation) {
    std::cerr << "portal staff invite: " << invitation.error().message << "\n";
    return 1;
  }
  std::cout << "invited " << invitation->account.email << " as " << staff::role_name(invitation->account.role)
            << (tenant ? " of " + tenant->name : std::string(" of the platform")) << "; the link works until "
            << invitation->expires_at << "\n"
            << (invitation->mailed ? "queued in the outbox of " + via->name + " (the running portal sends it by SMTP); "
                                   : std::string("not mailed; "))
            << "the link:\n  " << invitation->link << "\n";
  return std::cout.flush() ? 0 : 1;
}

HistoryRetention history_retention(const Config& c) {
  return {c.partitions_ahead, c.retention_plays_months, c.retention_events_months, c.retention_audit_months};
}

std::int64_t whole_number(const std::optional<std::string>& text, std::string_view option) {
  if (!text) throw UsageError("generate-activity needs " + std::string(option));
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(*text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text->size() || v < 0) throw UsageError(std::string(option) + " must be a whole number");
  return v;
}

int generate_activity_command(const Parsed& p) {
  if (!p.tenant) throw UsageError("generate-activity needs --tenant NAME");
  ActivityOptions o;
  o.tenant = *p.tenant;
  o.customers = whole_number(p.customers, "--customers");
  o.days = static_cast<int>(std::min<std::int64_t>(whole_number(p.days, "--days"), 100000));
  o.seed = static_cast<std::uint64_t>(whole_number(p.seed, "--seed"));
  o.until = p.until;
  if (p.jobs) o.jobs = static_cast<int>(std::clamp<std::int64_t>(whole_number(p.jobs, "--jobs"), 1, 64));
  auto database = open_database(p.config, o.jobs);
  // On PostgreSQL the window's months first (docs/operations.md "Partitions and retention"), so the rows land in
  // their partitions rather than in DEFAULT for the next upkeep to move.
  if (database->dialect() == "postgres") {
    core::SystemClock clock;
    HistoryUpkeep upkeep(*database, clock, history_retention(p.config));
    std::vector<std::string> months;
    const auto until = o.until ? core::parse_day(*o.until) : std::nullopt;
    const auto end = until ? *until : std::chrono::floor<std::chrono::days>(clock.now());
    for (auto d = end - std::chrono::days{o.days + 1}; d <= end + std::chrono::days{31}; d += std::chrono::days{28})
      months.push_back(core::day_text(d).substr(0, 7));
    months.push_back(core::day_text(end).substr(0, 7));
    upkeep.run(months);
  }
  try {
    const auto report = generate_activity(*database, o);
    std::int64_t total = 0;
    for (const auto& [table, n] : report.rows) total += n;
    std::cout << "generated " << o.customers << " customers of tenant " << o.tenant << " (seed " << o.seed << "), "
              << report.from << " .. " << report.until << ": " << total << " rows in " << report.seconds << " s\n";
    for (const auto& [table, n] : report.rows) std::cout << "  " << table << "\t" << n << "\n";
    std::cout << "  sign in as " << generated_email(o.seed, 1) << " with the password " << o.password << "\n";
  } catch (const ActivityRefused& e) {
    std::cerr << "portal generate-activity: " << e.what() << "\n";
    return 1;
  }
  return std::cout.flush() ? 0 : 1;
}

int history_command(const Parsed& p) {
  if (p.verb != "upkeep") throw UsageError("history takes upkeep");
  auto database = open_database(p.config);
  core::SystemClock clock;
  HistoryUpkeep upkeep(*database, clock, history_retention(p.config));
  const auto run = upkeep.run();
  if (!run.claimed) {
    std::cout << "history upkeep: another instance is running it; nothing done\n";
    return 0;
  }
  std::cout << "history upkeep: " << run.summary() << "\n";
  for (const auto& t : run.created) std::cout << "  created\t" << t << "\n";
  for (const auto& t : run.dropped) std::cout << "  dropped\t" << t << "\n";
  return std::cout.flush() ? 0 : 1;
}

int tenant_command(const Parsed& p) {
  auto database = open_database(p.config);
  tenants::TenantsRepository repository(*database);
  if (p.verb == "list") {
    const auto all = repository.load_all();
    if (all.empty()) std::cout << "no tenants\n";
    for (const auto& t : all)
      std::cout << t.id << "\t" << t.name << "\t" << t.default_locale << "\t" << joined(t.hosts) << "\t"
                << t.display_name << "\n";
    return std::cout.flush() ? 0 : 1;
  }
  tenants::AdminResult<tenants::Tenant> result = tenants::AdminError{};
  // Without a public URL of the portal (outside the dev stage, no --public-url) a tenant names its own (issue 72 item 3).
  const bool needs_public_origin = public_url_of(p.config, p.config.port).empty();
  if (p.verb == "create") {
    if (p.positional.empty()) throw UsageError("tenant create needs a NAME");
    tenants::NewTenant input;
    input.name = p.positional[0];
    input.hosts = p.hosts;
    input.language = p.language.value_or("en");
    if (p.languages) {
      for (std::string_view rest = *p.languages; !rest.empty();) {
        const auto comma = rest.find(',');
        input.languages.emplace_back(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      }
    }
    input.display_name = p.display_name.value_or("");
    input.public_origin = p.public_origin.value_or("");
    result = tenants::create_tenant(repository, input, needs_public_origin);
  } else if (p.verb == "import") {
    if (p.positional.empty()) throw UsageError("tenant import needs a FILE");
    result = tenants::import_tenant(repository, p.positional[0], needs_public_origin);
  } else {
    throw UsageError("tenant takes create, import or list");
  }
  if (!result) {
    std::cerr << "portal tenant " << p.verb << ": " << result.error().message << "\n";
    return 1;
  }
  record(*database, cli_actor("portal tenant " + p.verb), *result, "tenant." + p.verb, nullptr);
  // A working storefront from the first request: home, header, footer and the legal pages from the templates
  // (an imported tenant keeps the structures it has and gets only what it lacks of home, header and footer).
  structure::StructureRepository structures(*database);
  const structure::StructureTemplates templates(std::filesystem::path(p.config.data_dir) / "templates" / "structures");
  const int made = templates.seed_missing(structures, result->id, p.verb == "create");
  std::cout << (p.verb == "create" ? "created" : "imported") << " tenant " << result->name << " (id " << result->id
            << ", hosts " << joined(result->hosts) << ", language " << result->default_locale
            << (result->languages.size() < core::kLanguages.size() ? ", languages " + joined(result->languages) : "")
            << ")" << (made ? ", " + std::to_string(made) + " page structures from the templates" : "") << "\n";
  return 0;
}

}  // namespace

int run_operator_command(int argc, char** argv) {
  Parsed p;
  try {
    try {
      p = parse(argc, argv);
    } catch (const UsageError&) {
      throw;
    } catch (const std::invalid_argument& e) {  // the server options' parser
      throw UsageError(e.what());
    }
    if (p.help) {
      std::cout << kUsage;
      return 0;
    }
    core::init_logging(p.config.log_level);
    if (p.group == "tenant") return tenant_command(p);
    if (p.group == "staff") return staff_command(p);
    if (p.group == "generate-activity") return generate_activity_command(p);
    if (p.group == "history") return history_command(p);
    throw UsageError("unknown command '" + p.group + "'");
  } catch (const UsageError& e) {
    std::cerr << "portal: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const std::invalid_argument& e) {
    // A setting the command needs is missing or wrong (e.g. PORTAL_STAFF_SECRET_KEY): the message says which; the
    // command line itself was right, so no usage after it (issue 73 item 9).
    std::cerr << "portal " << p.group << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "portal " << p.group << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace portal::app

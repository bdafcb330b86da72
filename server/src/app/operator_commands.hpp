#pragma once
// The operator's commands (docs/operations.md "Tenants and staff"):
//   portal tenant create NAME --host HOST [--host ...] [--language LANG] [--display-name TEXT]
//   portal tenant import FILE
//   portal tenant list
//   portal staff invite (--tenant NAME | --platform) --email E --role ROLE [--language LANG] [--base-url URL]
//   portal generate-activity --tenant NAME --customers N --days D --seed S [--until YYYY-MM-DD]
//   portal history upkeep
// Each takes the server's options too (--database, --migrations-dir, --config, ...),
// migrates the database, does its work and returns the exit code: 0 done,
// 1 refused (the reason on stderr), 2 a usage error.
namespace portal::app {

// argv[1] is "tenant", "staff", "generate-activity" or "history".
int run_operator_command(int argc, char** argv);

}  // namespace portal::app

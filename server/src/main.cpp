// portal: one binary serving the client build, the portal's own calls and the
// backend. Start-up and shutdown live in app/.
#include <iostream>

#include "app/app.hpp"
#include "app/config.hpp"

int main(int argc, char** argv) {
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
  if (args.import_catalog) return portal::app::run_import(args.config, args.import_file, args.import_tenant,
                                                                  args.import_prune);
  return portal::app::run(args.config);
}

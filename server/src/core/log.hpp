#pragma once
// JSON lines on stdout through spdlog: one object per line, so log shippers
// need no parser of their own. Level from --log-level (default info).
#include <spdlog/spdlog.h>

#include <boost/json/object.hpp>
#include <string_view>

namespace portal::core {

void init_logging(std::string_view level);
// Writes {"ts","level","msg",...fields} as one line.
void log_json(spdlog::level::level_enum level, std::string_view msg, boost::json::object fields = {});

}  // namespace portal::core

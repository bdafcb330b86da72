#include "core/log.hpp"

#include <spdlog/sinks/stdout_sinks.h>

#include <boost/json/serialize.hpp>
#include <chrono>

namespace portal::core {

void init_logging(std::string_view level) {
  auto logger = spdlog::stdout_logger_mt("portal");
  logger->set_pattern("%v");  // the message already is the whole JSON line
  logger->set_level(spdlog::level::from_str(std::string(level)));
  logger->flush_on(spdlog::level::info);
  spdlog::set_default_logger(logger);
}

void log_json(spdlog::level::level_enum level, std::string_view msg, boost::json::object fields) {
  if (!spdlog::should_log(level)) return;
  using namespace std::chrono;
  const auto ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  boost::json::object line;
  line["ts"] = ms;
  line["level"] = spdlog::level::to_string_view(level).data();
  line["msg"] = msg;
  for (auto& [k, v] : fields) line[k] = std::move(v);
  spdlog::log(level, "{}", boost::json::serialize(line));
}

}  // namespace portal::core

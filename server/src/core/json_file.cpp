#include "core/json_file.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <fstream>
#include <sstream>

namespace portal::core {

boost::system::result<boost::json::value, FileError> read_json_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return FileError{"cannot read " + file.string()};
  std::ostringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  boost::json::value value = boost::json::parse(text.str(), ec);
  if (ec) return FileError{file.string() + " is not valid JSON: " + ec.message()};
  return value;
}

std::vector<std::filesystem::path> json_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace portal::core

#pragma once
// Reads a whole JSON file (tenants, users, catalog and plan files, the config
// file): one reader, one wording of its errors.
#include <boost/json/value.hpp>
#include <boost/system/result.hpp>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace portal::core {

// Why a file could not be read: "cannot read <file>" or "<file> is not valid JSON: <reason>".
struct FileError {
  std::string message;
};

// value() of a failed read (a fixture a test expects to exist) throws std::runtime_error.
[[noreturn]] inline void throw_exception_from_error(const FileError& e, const boost::source_location&) {
  throw std::runtime_error(e.message);
}

boost::system::result<boost::json::value, FileError> read_json_file(const std::filesystem::path& file);

// The *.json files directly in dir, sorted by name (deterministic seeds); none
// when dir is not a directory.
std::vector<std::filesystem::path> json_files(const std::filesystem::path& dir);

}  // namespace portal::core

#pragma once
// Reads a whole JSON file (tenants, users, catalog and plan files, the config
// file): one reader, one wording of its errors.
#include <boost/json/value.hpp>
#include <filesystem>
#include <vector>

#include "core/error.hpp"

namespace portal::core {

// 400 "cannot read <file>" or "<file> is not valid JSON: <reason>".
Result<boost::json::value> read_json_file(const std::filesystem::path& file);

// The *.json files directly in dir, sorted by name (deterministic seeds); none
// when dir is not a directory.
std::vector<std::filesystem::path> json_files(const std::filesystem::path& dir);

}  // namespace portal::core

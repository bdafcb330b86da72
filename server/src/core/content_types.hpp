#pragma once
// The media type of a file or object by its name's extension (lower or upper case): what the static files, the
// media gateway and the object store (each object PUT with it, so a presigned GET answers it) say it is.
#include <filesystem>
#include <string_view>

namespace portal::core {

// application/octet-stream for an extension it does not know.
std::string_view content_type_for(const std::filesystem::path& file);

}  // namespace portal::core

#include "http/wire.hpp"

namespace portal::http {

void write_head(const Response& res, std::string& out) {
  out.clear();
  const unsigned version = res.version();
  const unsigned code = res.result_int();
  // Beast writes the version digits and the three-digit code as is (HTTP/1.1 200).
  const char line[] = {'H', 'T', 'T', 'P', '/', static_cast<char>('0' + version / 10), '.',
                       static_cast<char>('0' + version % 10), ' ', static_cast<char>('0' + code / 100 % 10),
                       static_cast<char>('0' + code / 10 % 10), static_cast<char>('0' + code % 10), ' '};
  out.append(line, sizeof line);
  const std::string_view reason = res.reason();  // the status' own reason unless a handler set one
  out.append(reason.data(), reason.size());
  out += "\r\n";
  for (const auto& field : res) {
    const std::string_view name = field.name_string(), value = field.value();
    out.append(name.data(), name.size());
    out += ": ";
    out.append(value.data(), value.size());
    out += "\r\n";
  }
  out += "\r\n";
}

}  // namespace portal::http

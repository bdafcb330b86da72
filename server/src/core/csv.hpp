#pragma once
// RFC 4180 CSV cells for the exports (the audit log, a voucher batch, a royalty statement): quoted when they hold a
// comma, a quote or a line break; a cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return
// first) is defused with a leading ' and quoted. Numbers the caller writes itself (std::to_string). Lines end "\r\n".
#include <string>
#include <string_view>

namespace portal::core {

std::string csv_cell(std::string_view text);

}  // namespace portal::core

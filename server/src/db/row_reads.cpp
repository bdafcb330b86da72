#include "db/row_reads.hpp"

namespace portal::db {

std::vector<RowRead>& row_reads() {
  static std::vector<RowRead> reads;
  return reads;
}

}  // namespace portal::db

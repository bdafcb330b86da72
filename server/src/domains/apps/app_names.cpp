#include "domains/apps/app_names.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <memory>
#include <stdexcept>

namespace portal::apps {

namespace {

struct SpoofCloser {
  void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};
using SpoofChecker = std::unique_ptr<USpoofChecker, SpoofCloser>;

// One checker for the process, made on first use and never changed: ICU lets
// threads share a checker for checks and skeletons.
const USpoofChecker& invisible_checker() {
  static const SpoofChecker checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    SpoofChecker c(uspoof_open(&status));
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU spoof checker: ") + u_errorName(status));
    uspoof_setChecks(c.get(), USPOOF_INVISIBLE, &status);
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU spoof checker: ") + u_errorName(status));
    return c;
  }();
  return *checker;
}

const USpoofChecker& skeleton_checker() {
  static const SpoofChecker checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    SpoofChecker c(uspoof_open(&status));
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU spoof checker: ") + u_errorName(status));
    return c;
  }();
  return *checker;
}

bool invisible(UChar32 c) {
  switch (u_charType(c)) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_PRIVATE_USE_CHAR:
    case U_SURROGATE:
    case U_UNASSIGNED:
      return true;
    default:
      return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
  }
}

icu::UnicodeString from_utf8(std::string_view utf8) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
}

}  // namespace

bool has_invisible_characters(std::string_view utf8) {
  const auto text = from_utf8(utf8);
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1))
    if (invisible(text.char32At(i))) return true;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t found = uspoof_check2UnicodeString(&invisible_checker(), text, nullptr, &status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU spoof check: ") + u_errorName(status));
  return (found & USPOOF_INVISIBLE) != 0;
}

std::string name_skeleton(std::string_view utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const auto check = [&status](const char* step) {
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU ") + step + ": " + u_errorName(status));
  };
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
  check("NFKC");
  const icu::Normalizer2* nfkc_casefold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  check("NFKC_Casefold");
  // NFKC without the default-ignorable code points (a zero-width space changes nothing one sees).
  const icu::UnicodeString normalized = nfkc->normalize(from_utf8(utf8), status);
  check("NFKC");
  icu::UnicodeString visible;
  for (int32_t i = 0; i < normalized.length(); i = normalized.moveIndex32(i, 1))
    if (const UChar32 c = normalized.char32At(i); !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
      visible.append(c);
  // The skeleton first, so an upper-case I still stands for an l; then case folding, so names unique whatever
  // their case stay so with look-alike letters in them; then the skeleton of that, so the folded letters map too.
  icu::UnicodeString skeleton;
  uspoof_getSkeletonUnicodeString(&skeleton_checker(), 0, visible, skeleton, &status);
  check("skeleton");
  const icu::UnicodeString folded = nfkc_casefold->normalize(skeleton, status);
  check("NFKC_Casefold");
  icu::UnicodeString key;
  uspoof_getSkeletonUnicodeString(&skeleton_checker(), 0, folded, key, &status);
  check("skeleton");
  std::string out;
  key.toUTF8String(out);
  return out;
}

}  // namespace portal::apps

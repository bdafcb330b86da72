#include "domains/payments/camara_provider.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include <cctype>

#include "core/ids.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "db/row_reads.hpp"
#include "db/timestamp.hpp"
#include "domains/payments/camara_sql.hpp"
#include "domains/payments/stripe_client.hpp"

namespace portal::payments {
namespace json = boost::json;

BOOST_DESCRIBE_STRUCT(CamaraChallenge, (),
                      (id, user_uuid, reference, msisdn, kind, operator_payment_id, authorization_id, authentication_id,
                       denied_status, tries_left, expires_at, verified_at, retired_at, created_at))
static_assert(db::columns_match<CamaraChallenge>(PORTAL_CAMARA_CHALLENGE_COLUMNS));

namespace {

constexpr std::int64_t kMaxSearchPages = 5;  // retrievePayments, 100 a page, newest first

std::string json_text(const json::value& v, std::string_view member) {
  if (!v.is_object()) return "";
  const auto* m = v.as_object().if_contains(member);
  return m && m->is_string() ? std::string(m->as_string()) : "";
}

const json::value& json_member(const json::value& v, std::string_view name) {
  static const json::value none;
  if (!v.is_object()) return none;
  const auto* m = v.as_object().if_contains(name);
  return m ? *m : none;
}

ProviderCharge camara_outcome(Status status, std::string label, std::optional<std::string> reference = std::nullopt) {
  ProviderCharge c;
  c.status = status;
  c.label = std::move(label);
  c.reference = std::move(reference);
  return c;
}

Error code_refused(std::int64_t tries_left) {
  Error e = Error::of(ErrorCode::invalid_pin, "The code is not correct");
  e.tries_left = tries_left;
  return e;
}

// The operator's paymentStatus as the portal's: still to be decided, or settled.
Status camara_status_of(const std::string& payment_status) {
  if (payment_status == "succeeded") return Status::succeeded;
  if (payment_status == "denied" || payment_status == "cancelled") return Status::declined;
  return Status::pending;  // processing, reserved, pending_validation
}

// An operator's refusal of a payment (CAMARA's codes) as the portal's outcome; nullopt: not a refusal of the payment.
std::optional<Status> camara_refusal(const CamaraAnswer& a) {
  const std::string code = a.text("code");
  if (code == "CARRIER_BILLING.USER_AMOUNT_THRESHOLD_OVERPASSED") return Status::insufficient_funds;
  if (code == "CARRIER_BILLING.PAYMENT_DENIED" || code == "CARRIER_BILLING.UNAUTHORIZED_AMOUNT" ||
      code == "SERVICE_NOT_APPLICABLE" || code == "IDENTIFIER_NOT_FOUND" || code == "CARRIER_BILLING.PAYMENT_CANCELLED")
    return Status::declined;
  return std::nullopt;
}

void log_camara_answer(std::string_view what, const CamaraAnswer& a, std::int64_t tenant_id, const std::string& key) {
  core::log_json(a.status >= 500 ? spdlog::level::err : spdlog::level::warn, "the operator refused a call",
                 {{"call", std::string(what)}, {"status", a.status}, {"tenant", tenant_id}, {"key", key},
                  {"code", a.text("code")}, {"message", a.text("message")}});
}

// An answer the operator could not give now (5xx, 429): thrown, so the charge's lease resumes it later.
void throw_if_unavailable(std::string_view what, const CamaraAnswer& a) {
  if (a.status >= 500 || a.status == 429 || a.status == 0)
    throw std::runtime_error("the operator answered " + std::to_string(a.status) + " to " + std::string(what));
}

// Characters of UTF-8 text (CAMARA's maxLength counts characters), and its longest prefix of at most `bytes`.
std::size_t utf8_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}
std::string utf8_prefix(const std::string& s, std::size_t bytes) {
  if (s.size() <= bytes) return s;
  std::size_t cut = bytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

json::object charging(const Money& amount, const std::string& description, const CamaraAccount& a) {
  std::string line = description.empty() ? a.operator_name : description;
  if (line.size() > 250) line = utf8_prefix(line, 250);
  return json::object{
      {"chargingInformation",
       json::object{{"amount", camara_amount(amount.amount, amount.currency)}, {"currency", amount.currency}, {"description", line}}},
      {"chargingMetaData", json::object{{"merchantIdentifier", a.merchant_identifier}}}};
}

}  // namespace

Result<std::string> CamaraProvider::normalize(std::string_view raw) const {
  std::string digits;
  for (char c : raw) {
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    else if (c != ' ' && c != '-' && c != '+') return Error::of(ErrorCode::invalid_msisdn, "msisdn: 8 to 15 digits");
  }
  // E.164 as CAMARA's phoneNumber pattern: no leading zero, 8 to 15 digits here (a mobile line's).
  if (digits.size() < 8 || digits.size() > 15 || digits[0] == '0')
    return Error::of(ErrorCode::invalid_msisdn, "msisdn: 8 to 15 digits in international form");
  return digits;
}

std::string CamaraProvider::masked(const std::string& msisdn) {
  if (msisdn.size() < 8) return "+" + msisdn;
  return "+" + msisdn.substr(0, 4) + "•••" + msisdn.substr(msisdn.size() - 3);
}

std::optional<CamaraProvider::Challenge> CamaraProvider::challenge(std::int64_t tenant_id, const std::string& id) const {
  return db::read_first<CamaraChallenge>(db_.query(camara_sql::kById, {tenant_id, id}));
}

json::object CamaraProvider::with_sink(std::int64_t tenant_id, json::object body) const {
  if (!sink_) return body;
  auto sink = sink_(tenant_id);
  if (!sink) return body;  // no https origin: the operator is asked instead (charge_status, refund_status)
  body["sink"] = sink->url;
  body["sinkCredential"] = json::object{{"credentialType", "ACCESSTOKEN"},
                                        {"accessToken", sink->token},
                                        {"accessTokenExpiresUtc", sink->expires_utc},
                                        {"accessTokenType", "bearer"}};
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// The code step

Result<CodeSent> CamaraProvider::send_code(const CodeCall& call) {
  auto account = accounts_.find(call.tenant_id);
  if (!account) return Error::of(ErrorCode::provider_unavailable, "The tenant has no CAMARA operator");
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  // A new code replaces the older ones of the same payment: their reservations end at the operator.
  for (const auto& old : db::read_rows<CamaraChallenge>(db_.query(camara_sql::kOpen, {call.tenant_id, call.user_uuid, call.reference}))) {
    db_.execute(camara_sql::kRetire, {call.tenant_id, old.id, at});
    if (old.operator_payment_id) cancel(*account, old);
  }
  Challenge c;
  c.id = core::new_uuid();
  c.user_uuid = call.user_uuid;
  c.reference = call.reference;
  c.msisdn = call.msisdn;
  c.tries_left = kCamaraCodeTries;
  c.expires_at = db::utc_timestamp(now + kCamaraCodeLifetime);
  c.created_at = at;
  const std::string phone = "+" + call.msisdn;
  // One Time Password SMS: the operator sends the message with its code where {{code}} stands.
  auto send_otp = [&]() -> std::optional<Error> {
    std::string message = core::replace_all(call.message, "{{pin}}", "{{code}}");
    if (message.find("{{code}}") == std::string::npos || utf8_length(message) > 160) message = "{{code}}";
    const CamaraAnswer a = client_.call(*account, "POST", std::string(kCamaraOtp) + "/send-code",
                                        json::object{{"phoneNumber", phone}, {"message", message}}, c.id);
    if (a.ok() && !a.text("authenticationId").empty()) {
      c.authentication_id = a.text("authenticationId");
      return std::nullopt;
    }
    throw_if_unavailable("send-code", a);
    log_camara_answer("send-code", a, call.tenant_id, c.id);
    const std::string code = a.text("code");
    if (code == "ONE_TIME_PASSWORD_SMS.MAX_OTP_CODES_EXCEEDED")
      return Error::of(ErrorCode::too_many_codes, "Too many codes were sent to this number; try again later");
    if (a.status == 403 || a.status == 404) {
      Error e = Error::of(ErrorCode::invalid_msisdn, "The operator sends no code to this number");
      return e;
    }
    return Error::of(ErrorCode::provider_unavailable, "The operator did not send the code (" + std::to_string(a.status) + ")");
  };
  if (account->steps == 1) {
    c.kind = "otp";
    if (auto failed = send_otp()) return *failed;
  } else {
    json::object body{{"amountTransaction", json::object{{"phoneNumber", phone},
                                                         {"clientCorrelator", c.id},
                                                         {"referenceCode", c.id},
                                                         {"paymentAmount", charging(call.amount, call.description, *account)}}}};
    const CamaraAnswer a = client_.call(*account, "POST", std::string(kCamaraBilling) + "/payments/prepare",
                                        with_sink(call.tenant_id, std::move(body)), c.id);
    if (a.status == 201) {
      c.operator_payment_id = a.text("paymentId");
      const json::value& info = json_member(a.body, "validationInfo");
      const std::string status = a.text("paymentStatus");
      if (json_text(info, "action") == "validate" && !json_text(info, "authorizationId").empty()) {
        c.kind = "validate";
        c.authorization_id = json_text(info, "authorizationId");
      } else if (status == "reserved" && info.is_null()) {
        c.kind = "reserved";  // reserved without a code: the number is proven by an OTP
        if (auto failed = send_otp()) {
          cancel(*account, c);
          return *failed;
        }
      } else {
        // A validation page of the operator's own (action "open"), or a preparation still processing: not a flow the
        // portal's PIN step can follow. The reservation ends; the tenant's operator needs another setting.
        core::log_json(spdlog::level::err, "the operator's preparePayment asks for a validation the portal cannot follow",
                       {{"tenant", call.tenant_id}, {"status", status}, {"action", json_text(info, "action")}});
        cancel(*account, c);
        return Error::of(ErrorCode::provider_unavailable, "The operator's payment validation is not one the portal supports");
      }
    } else {
      throw_if_unavailable("preparePayment", a);
      log_camara_answer("preparePayment", a, call.tenant_id, c.id);
      if (a.text("code") == "IDENTIFIER_NOT_FOUND")
        return Error::of(ErrorCode::invalid_msisdn, "The number is not one of the operator's");
      auto refused = camara_refusal(a);
      if (!refused) return Error::of(ErrorCode::provider_unavailable, "The operator refused the payment request (" + std::to_string(a.status) + ")");
      c.kind = "denied";
      c.denied_status = std::string(to_string(*refused));
      c.verified_at = at;  // nothing to type: the charge records the refusal at once
    }
  }
  auto opt = [](const std::optional<std::string>& v) { return v ? db::Value(*v) : db::Value(nullptr); };
  db_.execute(camara_sql::kInsert, {call.tenant_id, c.id, c.user_uuid, c.reference, c.msisdn, c.kind, opt(c.operator_payment_id),
                                    opt(c.authorization_id), opt(c.authentication_id), opt(c.denied_status), c.tries_left,
                                    c.expires_at, at});
  if (c.kind == "denied") db_.execute(camara_sql::kVerify, {call.tenant_id, c.id, at});
  return CodeSent{c.id, c.kind == "denied"};
}

Result<CodeChecked> CamaraProvider::check_code(std::int64_t tenant_id, const std::string& user_uuid,
                                               const std::string& reference, const std::string& code) {
  auto open = db::read_rows<CamaraChallenge>(db_.query(camara_sql::kOpen, {tenant_id, user_uuid, reference}));
  if (open.empty()) return code_refused(0);
  const Challenge& c = open.front();
  const auto now = clock_.now();
  const std::string at = db::utc_timestamp(now);
  if (c.tries_left <= 0 || c.expires_at <= at || c.kind == "denied") return code_refused(0);
  auto account = accounts_.find(tenant_id);
  if (!account) return Error::of(ErrorCode::provider_unavailable, "The tenant has no CAMARA operator");
  auto wrong = [&]() -> Result<CodeChecked> {
    if (db_.execute(camara_sql::kSpendTry, {tenant_id, c.id}) != 1) return code_refused(0);
    return code_refused(std::max<std::int64_t>(0, c.tries_left - 1));
  };
  auto spent = [&]() -> Result<CodeChecked> {  // the operator's own limit reached (or its code expired)
    db_.execute(camara_sql::kNoTries, {tenant_id, c.id});
    return code_refused(0);
  };
  // CAMARA's codes are short (One Time Password SMS: at most 10 characters): a longer one is wrong without asking.
  if (code.empty() || code.size() > 10) return wrong();
  CamaraAnswer a;
  if (c.kind == "validate") {
    a = client_.call(*account, "POST", std::string(kCamaraBilling) + "/payments/" + path_segment(*c.operator_payment_id) + "/validate",
                     json::object{{"authorizationId", *c.authorization_id}, {"code", code}}, c.id);
    throw_if_unavailable("validatePayment", a);
    const std::string err = a.text("code");
    if (a.status == 409 && err == "ALREADY_EXISTS") a.status = 204;  // validated by a call whose answer was lost
    else if (err == "CARRIER_BILLING.INVALID_CODE") return wrong();
    else if (err == "CARRIER_BILLING.VALIDATION_FAILED") return spent();
  } else {
    a = client_.call(*account, "POST", std::string(kCamaraOtp) + "/validate-code",
                     json::object{{"authenticationId", *c.authentication_id}, {"code", code}}, c.id);
    throw_if_unavailable("validate-code", a);
    const std::string err = a.text("code");
    if (err == "ONE_TIME_PASSWORD_SMS.INVALID_OTP") return wrong();
    if (err == "ONE_TIME_PASSWORD_SMS.VERIFICATION_FAILED" || err == "ONE_TIME_PASSWORD_SMS.VERIFICATION_EXPIRED") return spent();
  }
  if (a.status != 204) {
    log_camara_answer(c.kind == "validate" ? "validatePayment" : "validate-code", a, tenant_id, c.id);
    return spent();
  }
  if (db_.execute(camara_sql::kVerify, {tenant_id, c.id, at}) != 1) return code_refused(0);
  return CodeChecked{c.msisdn, c.id};
}

void CamaraProvider::cancel(const CamaraAccount& a, const Challenge& c) {
  if (!c.operator_payment_id) return;
  try {
    const CamaraAnswer answer =
        client_.call(a, "POST", std::string(kCamaraBilling) + "/payments/" + path_segment(*c.operator_payment_id) + "/cancel",
                     json::object{{"phoneNumber", "+" + c.msisdn}}, c.id);
    if (answer.status != 202 && answer.status != 409) log_camara_answer("cancelPayment", answer, a.tenant_id, c.id);
  } catch (const std::exception& e) {  // the reservation lapses at the operator by itself
    core::log_json(spdlog::level::warn, "a reservation was not cancelled at the operator", {{"payment", c.id}, {"error", e.what()}});
  }
}

void CamaraProvider::release_code(std::int64_t tenant_id, const std::string& payment_id) {
  auto c = challenge(tenant_id, payment_id);
  if (!c) return;
  db_.execute(camara_sql::kRetire, {tenant_id, c->id, db::utc_timestamp(clock_.now())});
  if (auto account = accounts_.find(tenant_id)) cancel(*account, *c);
}

// ---------------------------------------------------------------------------------------------------------------
// Charges

ProviderCharge CamaraProvider::charge(const ChargeCall& call) {
  auto account = accounts_.find(call.tenant_id);
  if (!account) {
    core::log_json(spdlog::level::err, "a CAMARA charge of a tenant without an operator", {{"tenant", call.tenant_id}});
    return camara_outcome(Status::declined, "Mobile bill");
  }
  if (call.saved) return one_step(call, *account, call.instrument);
  auto c = challenge(call.tenant_id, call.key);
  if (!c || !c->verified_at) {
    core::log_json(spdlog::level::err, "a CAMARA charge without its verified code", {{"payment", call.key}});
    return camara_outcome(Status::declined, masked(call.instrument));
  }
  db_.execute(camara_sql::kRetire, {call.tenant_id, c->id, db::utc_timestamp(clock_.now())});
  if (c->kind == "denied")
    return camara_outcome(status_from(c->denied_status.value_or("DECLINED")).value_or(Status::declined), masked(c->msisdn));
  if (c->kind == "otp") return one_step(call, *account, c->msisdn);
  return confirm(call, *account, *c);
}

// The operator's payment (an answer of createPayment or retrievePayment) as the portal's charge.
static ProviderCharge camara_charge_of(const json::value& payment, const std::string& msisdn) {
  ProviderCharge c = camara_outcome(camara_status_of(json_text(payment, "paymentStatus")), CamaraProvider::masked(msisdn), json_text(payment, "paymentId"));
  if (c.status == Status::succeeded || c.status == Status::pending) c.save_token = msisdn;  // renewals bill this number
  if (c.status == Status::pending) {
    c.settle_after = kCamaraPendingLook;  // then retrievePayment (charge_status), unless a notification came first
    c.settle_outcome = Status::declined;
  }
  return c;
}

ProviderCharge CamaraProvider::one_step(const ChargeCall& call, const CamaraAccount& a, const std::string& msisdn) {
  json::object body{{"amountTransaction", json::object{{"phoneNumber", "+" + msisdn},
                                                       {"clientCorrelator", call.key},
                                                       {"referenceCode", call.key},
                                                       {"paymentAmount", charging(call.amount, a.operator_name, a)}}}};
  const CamaraAnswer answer =
      client_.call(a, "POST", std::string(kCamaraBilling) + "/payments", with_sink(call.tenant_id, std::move(body)), call.key);
  if (answer.status == 201) return camara_charge_of(answer.body, msisdn);
  throw_if_unavailable("createPayment", answer);
  if (answer.status == 409 || (answer.status == 400 && answer.text("message").find("clientCorrelator") != std::string::npos)) {
    // The operator has this payment already (a call whose answer was lost): what it became.
    if (auto found = by_correlator(a, call.key, msisdn)) return *found;
  }
  log_camara_answer("createPayment", answer, call.tenant_id, call.key);
  return camara_outcome(camara_refusal(answer).value_or(Status::declined), masked(msisdn));
}

ProviderCharge CamaraProvider::confirm(const ChargeCall& call, const CamaraAccount& a, const Challenge& c) {
  const std::string path = std::string(kCamaraBilling) + "/payments/" + path_segment(*c.operator_payment_id);
  const CamaraAnswer confirmed = client_.call(a, "POST", path + "/confirm", json::object{{"phoneNumber", "+" + c.msisdn}}, call.key);
  throw_if_unavailable("confirmPayment", confirmed);
  const std::string code = confirmed.text("code");
  if (confirmed.status != 202 && code != "CARRIER_BILLING.PAYMENT_CONFIRMED") {
    // Cancelled (the reservation expired), denied, or unknown: nothing was taken.
    log_camara_answer("confirmPayment", confirmed, call.tenant_id, call.key);
    return camara_outcome(camara_refusal(confirmed).value_or(Status::declined), masked(c.msisdn), c.operator_payment_id);
  }
  // 202 says only that the confirmation was accepted: the payment says how it went.
  const CamaraAnswer payment = client_.call(a, "GET", path, nullptr, call.key);
  throw_if_unavailable("retrievePayment", payment);
  if (payment.status != 200) {
    log_camara_answer("retrievePayment", payment, call.tenant_id, call.key);
    ProviderCharge pending = camara_charge_of(json::object{{"paymentStatus", "processing"}, {"paymentId", *c.operator_payment_id}}, c.msisdn);
    return pending;
  }
  return camara_charge_of(payment.body, c.msisdn);
}

std::optional<ProviderCharge> CamaraProvider::by_correlator(const CamaraAccount& a, const std::string& key,
                                                            const std::string& msisdn) {
  const std::string since = db::utc_timestamp(clock_.now() - std::chrono::hours(48));
  for (std::int64_t page = 1; page <= kMaxSearchPages; ++page) {
    const std::string query = "?" + form_encode({{"paymentCreationDate.gte", since}, {"order", "desc"}, {"perPage", "100"},
                                                 {"page", std::to_string(page)}});
    const CamaraAnswer list = client_.call(a, "GET", std::string(kCamaraBilling) + "/payments" + query, nullptr, key);
    throw_if_unavailable("retrievePayments", list);
    if (list.status != 200 || !list.body.is_array()) return std::nullopt;
    for (const auto& p : list.body.as_array())
      if (json_text(json_member(p, "amountTransaction"), "clientCorrelator") == key) return camara_charge_of(p, msisdn);
    if (list.body.as_array().size() < 100) break;
  }
  return std::nullopt;
}

std::optional<ProviderCharge> CamaraProvider::find_charge(const ChargeCall& call) {
  auto account = accounts_.find(call.tenant_id);
  if (!account) return std::nullopt;
  auto c = challenge(call.tenant_id, call.key);
  if (c && c->kind == "denied") return camara_outcome(status_from(c->denied_status.value_or("DECLINED")).value_or(Status::declined), masked(c->msisdn));
  if (c && c->operator_payment_id) {
    const CamaraAnswer p =
        client_.call(*account, "GET", std::string(kCamaraBilling) + "/payments/" + path_segment(*c->operator_payment_id), nullptr, call.key);
    throw_if_unavailable("retrievePayment", p);
    if (p.status != 200) return std::nullopt;
    const std::string status = p.text("paymentStatus");
    if (status == "reserved" || status == "pending_validation") return std::nullopt;  // the confirmation never arrived
    return camara_charge_of(p.body, c->msisdn);
  }
  const std::string msisdn = c ? c->msisdn : call.instrument;
  return by_correlator(*account, call.key, msisdn);
}

std::optional<Status> CamaraProvider::charge_status(const Payment& payment) {
  auto account = accounts_.find(payment.tenant_id);
  if (!account || !payment.provider_ref) return std::nullopt;
  const CamaraAnswer p =
      client_.call(*account, "GET", std::string(kCamaraBilling) + "/payments/" + path_segment(*payment.provider_ref), nullptr, payment.id);
  throw_if_unavailable("retrievePayment", p);
  if (p.status == 404) return Status::declined;  // the operator has no such payment: nothing was taken
  if (p.status != 200) throw std::runtime_error("the operator answered " + std::to_string(p.status) + " for a payment");
  return camara_status_of(p.text("paymentStatus"));
}

// ---------------------------------------------------------------------------------------------------------------
// Refunds

namespace {

RefundStatus refund_status_of(const std::string& status) {
  if (status == "succeeded") return RefundStatus::succeeded;
  if (status == "denied") return RefundStatus::failed;
  return RefundStatus::pending;  // processing
}

ProviderRefund camara_refund_of(const json::value& refund) {
  ProviderRefund r;
  r.status = refund_status_of(json_text(refund, "refundStatus"));
  if (r.status == RefundStatus::pending) {
    r.settle_after = kCamaraPendingLook;  // then retrieveRefunds (refund_status), unless a notification came first
    r.settle_outcome = RefundStatus::succeeded;
  }
  return r;
}

}  // namespace

ProviderRefund CamaraProvider::refund(const Payment& payment, const Money& amount, std::string_view key_view) {
  const std::string key(key_view);
  ProviderRefund failed;
  auto account = accounts_.find(payment.tenant_id);
  if (!account || !payment.provider_ref) {
    core::log_json(spdlog::level::err, "a CAMARA refund without its operator or payment", {{"payment", payment.id}});
    return failed;
  }
  const std::string base = std::string(kCamaraRefunds) + "/payments/" + path_segment(*payment.provider_ref) + "/refunds";
  // Asked again after a crash: the refund the operator made under this key, if it made one.
  auto made = [&]() -> std::optional<ProviderRefund> {
    const CamaraAnswer list = client_.call(*account, "GET", base, nullptr, key);
    throw_if_unavailable("retrieveRefunds", list);
    if (list.status == 200 && list.body.is_array())
      for (const auto& r : list.body.as_array())
        if (json_text(json_member(r, "amountTransaction"), "clientCorrelator") == key) return camara_refund_of(r);
    return std::nullopt;
  };
  if (auto before = made()) return *before;
  // What the operator can still give back, as it counts it (refunds in progress included).
  const CamaraAnswer left = client_.call(*account, "GET", base + "/remaining-amount", nullptr, key);
  throw_if_unavailable("retrievePaymentRemainingAmount", left);
  if (left.status == 200) {
    const json::value& value = json_member(left.body, "amount");
    const double units = value.is_double() ? value.as_double() : value.is_int64() ? static_cast<double>(value.as_int64()) : 0.0;
    if (minor_units(units, amount.currency) < amount.amount) {
      core::log_json(spdlog::level::err, "the operator's remaining amount is less than the refund",
                     {{"payment", payment.id}, {"refund", key}, {"remaining", units}, {"amount", amount.amount}});
      return failed;
    }
  }
  const bool whole = amount.amount == payment.amount.amount;
  json::object refund_amount{{"chargingMetaData", json::object{{"merchantIdentifier", account->merchant_identifier}}}};
  if (!whole)
    refund_amount["chargingInformation"] = json::object{
        {"amount", camara_amount(amount.amount, amount.currency)}, {"currency", amount.currency}, {"description", "Refund"}};
  json::object body{{"type", whole ? "total" : "partial"},
                    {"amountTransaction", json::object{{"clientCorrelator", key}, {"referenceCode", key}, {"refundAmount", refund_amount}}}};
  const CamaraAnswer a = client_.call(*account, "POST", base, with_sink(payment.tenant_id, std::move(body)), key);
  if (a.status == 201) return camara_refund_of(a.body);
  throw_if_unavailable("createRefund", a);
  if (a.status == 409)
    if (auto before = made()) return *before;
  log_camara_answer("createRefund", a, payment.tenant_id, key);
  return failed;
}

std::optional<RefundStatus> CamaraProvider::refund_status(const Payment& payment, const Refund& refund) {
  auto account = accounts_.find(payment.tenant_id);
  if (!account || !payment.provider_ref) return std::nullopt;
  const CamaraAnswer list = client_.call(
      *account, "GET", std::string(kCamaraRefunds) + "/payments/" + path_segment(*payment.provider_ref) + "/refunds", nullptr, refund.id);
  throw_if_unavailable("retrieveRefunds", list);
  if (list.status != 200 || !list.body.is_array())
    throw std::runtime_error("the operator answered " + std::to_string(list.status) + " for the refunds of a payment");
  for (const auto& r : list.body.as_array())
    if (json_text(json_member(r, "amountTransaction"), "clientCorrelator") == refund.id) return refund_status_of(json_text(r, "refundStatus"));
  core::log_json(spdlog::level::err, "a pending refund the operator does not list", {{"refund", refund.id}, {"payment", payment.id}});
  return RefundStatus::pending;
}


// The statements each row type here is read from (db/row_reads.hpp; checked by row_reads_test.cpp).
PORTAL_ROW_READS(CamaraChallenge, camara_sql::kById);
PORTAL_ROW_READS(CamaraChallenge, camara_sql::kOpen);
}  // namespace portal::payments

#include "domains/parental_control/parental_control_routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json.hpp>

#include "db/blocking.hpp"
#include "domains/parental_control/parental_control_dto.hpp"
#include "domains/parental_control/parental_control_answers.hpp"
#include "domains/parental_control/parental_control_rules.hpp"
#include "domains/tenants/settings_entries.hpp"
#include "domains/tenants/tenants_types.hpp"
#include "http/body.hpp"
#include "http/json.hpp"
#include "http/language.hpp"
#include "http/openapi.hpp"
#include "http/private_answer.hpp"
#include "http/schema.hpp"

namespace portal::parental_control {
namespace asio = boost::asio;
namespace json = boost::json;

namespace {

using Awaitable = asio::awaitable<http::Response>;

AccountDto to_dto(const std::optional<Account>& a, const http::RequestContext& ctx) {
  AccountDto dto;
  const auto& tenant = ctx.require_tenant();
  dto.maxAgeGroup = 40;
  if (a) {
    dto.hasPassword = !a->password_hash.empty();
    dto.maxAgeGroup = a->max_age_group;
    dto.isActive = a->is_active;
    dto.lockedUntil = a->locked_until;
  }
  dto.maxRating = max_rating_for(tenant, a && a->is_active ? std::optional<int>(a->max_age_group) : std::nullopt);
  return dto;
}

}  // namespace

std::vector<http::Route> parental_control_routes(ParentalControlService& service, const i18n::I18nService& i18n,
                                                 asio::thread_pool& db_pool) {
  auto get = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    std::optional<Account> account;
    if (ctx.user) {
      const auto uuid = ctx.user->uuid;
      account = co_await db::offload(db_pool, [&] { return service.account(tenant_id, uuid); });
    }
    co_return http::private_answer(ctx, json::value_from(to_dto(account, ctx)));
  };
  auto put = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<SettingsBody>(ctx);
    Settings s;
    s.password = std::move(body.password);
    s.current_password = std::move(body.currentPassword);
    if (body.maxAgeGroup) {
      if (!valid_age_group(*body.maxAgeGroup))
        throw http::ErrorException(http_error(Error::invalid("maxAgeGroup", "must be one of 0, 10, 20, 30, 40")));
      s.max_age_group = static_cast<int>(*body.maxAgeGroup);
    }
    s.is_active = body.isActive;
    const auto uuid = ctx.user->uuid;
    auto saved = value_or_throw(co_await db::offload(db_pool, [&] { return service.update(tenant_id, uuid, s); }));
    co_return http::private_answer(ctx, json::value_from(to_dto(saved, ctx)));
  };
  auto verify = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<PasswordBody>(ctx);
    const auto uuid = ctx.user->uuid;
    auto verified = co_await db::offload(db_pool, [&] { return service.verify(tenant_id, uuid, body.password); });
    value_or_throw(verified);
    co_return http::private_answer(ctx, json::value_from(VerifiedDto{}));
  };
  auto send_email = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    (void)http::read_body<SendEmailBody>(ctx);
    const auto uuid = ctx.user->uuid;
    const auto lang = http::api_language(ctx);
    // The operator's words (settings.parentalControlMail) where it wrote them for a language, else the portal's.
    const auto& tenant = ctx.require_tenant();
    auto words = [&](std::string_view part) {
      auto text = tenants::settings_text(tenant, {"parentalControlMail", part}, lang);
      return text.empty() ? i18n.text(lang, "parentalControl.mail." + std::string(part)).value_or("") : text;
    };
    const ResetMailText text{words("subject"), words("body")};
    auto sent = value_or_throw(
        co_await db::offload(db_pool, [&] { return service.send_reset_code(tenant_id, uuid, text); }));
    co_return http::private_answer(
        ctx, json::value_from(MailSentDto{true, sent.recipient, static_cast<int>(sent.expires_in.count())}));
  };
  auto reset = [&](http::RequestContext& ctx) -> Awaitable {
    const auto tenant_id = ctx.require_tenant().id;
    auto body = http::read_body<ResetBody>(ctx);
    const auto uuid = ctx.user->uuid;
    auto done = co_await db::offload(db_pool, [&] { return service.reset(tenant_id, uuid, body.randomCode, body.password); });
    value_or_throw(done);
    auto account = co_await db::offload(db_pool, [&] { return service.account(tenant_id, uuid); });
    co_return http::private_answer(ctx, json::value_from(to_dto(account, ctx)));
  };

  using http::schema_of;
  const auto user = http::Access::user;
  const auto guest = http::Access::guest;
  const auto header = http::TenantFrom::header;
  return http::with_docs(
      {
          {http::Verb::get, "/backend/parental-control", get, header, guest},
          {http::Verb::put, "/backend/parental-control", put, header, user},
          {http::Verb::post, "/backend/parental-control/verify/parentalpassword", verify, header, user},
          {http::Verb::post, "/backend/parental-control/sendEmail", send_email, header, user},
          {http::Verb::post, "/backend/parental-control/resetPasscode", reset, header, user},
      },
      {
          {"GET /backend/parental-control",
           {"The caller's parental control (commerce §3): whether a password is set (never the password), "
            "maxAgeGroup, isActive, the effective maxRating of this user and lockedUntil while the password check "
            "is locked; a guest's is empty (not set up, the tenant's maxRating)",
            "parental-control", {}, schema_of<AccountDto>, {}}},
          {"PUT /backend/parental-control",
           {"Set up or change parental control. A first call needs password (4-64 characters) and maxAgeGroup (0, "
            "10, 20, 30 or 40; commerce §5 grading); a change needs currentPassword (a wrong one counts towards the "
            "lock-out). While active, every article call of this user is limited to maxAgeGroup",
            "parental-control", schema_of<SettingsBody>, schema_of<AccountDto>,
            {"400 VALIDATION_ERROR", "403 PARENTAL_PASSWORD_WRONG", "409 PARENTAL_CONTROL_EXISTS",
             "429 TOO_MANY_ATTEMPTS"}}},
          {"POST /backend/parental-control/verify/parentalpassword",
           {"Check the parental password. 5 wrong passwords or reset codes lock the check for 15 minutes (kept in "
            "the database, so it holds across instances); a right one clears the count",
            "parental-control", schema_of<PasswordBody>, schema_of<VerifiedDto>,
            {"400 VALIDATION_ERROR", "403 PARENTAL_PASSWORD_WRONG", "404 PARENTAL_CONTROL_NOT_FOUND",
             "429 TOO_MANY_ATTEMPTS"}}},
          {"POST /backend/parental-control/sendEmail",
           {"Mail the caller a random 8-digit reset code (single use, 15 minutes; only its hash is stored; a new "
            "code retires older ones); at most 3 mails an hour",
            "parental-control", schema_of<SendEmailBody>, schema_of<MailSentDto>,
            {"404 PARENTAL_CONTROL_NOT_FOUND", "409 NO_EMAIL", "429 TOO_MANY_REQUESTS"}}},
          {"POST /backend/parental-control/resetPasscode",
           {"Set a new parental password with a mailed code (randomCode) and clear the lock; a wrong, used or "
            "expired code counts towards the lock-out",
            "parental-control", schema_of<ResetBody>, schema_of<AccountDto>,
            {"400 VALIDATION_ERROR", "400 RESET_CODE_INVALID", "404 PARENTAL_CONTROL_NOT_FOUND",
             "429 TOO_MANY_ATTEMPTS"}}},
      });
}

}  // namespace portal::parental_control

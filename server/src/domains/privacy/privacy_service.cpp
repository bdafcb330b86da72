#include "domains/privacy/privacy_service.hpp"

#include "core/ids.hpp"
#include "core/languages.hpp"
#include "core/text.hpp"
#include "db/timestamp.hpp"

namespace portal::privacy {

namespace {

Error not_found() { return Error::of(ErrorCode::user_not_found, "No such customer"); }

bool is_language(std::string_view lang) {
  for (auto l : core::kLanguages)
    if (l == lang) return true;
  return false;
}

}  // namespace

Result<Account> PrivacyService::account(std::int64_t tenant_id, const std::string& uuid) {
  auto a = d_.repository.account(tenant_id, uuid);
  if (!a) return not_found();
  return *a;
}

Result<DataExport> PrivacyService::export_data(std::int64_t tenant_id, const std::string& tenant,
                                               const std::string& uuid,
                                               const std::function<void(db::Session&)>& record) {
  if (!d_.repository.account(tenant_id, uuid)) return not_found();
  DataExport d = d_.repository.collect(tenant_id, uuid);
  d.exportedAt = db::utc_timestamp(d_.clock.now());
  d.tenant = tenant;
  if (record) d_.db.transaction(record);
  return d;
}

Result<void> PrivacyService::check_fresh_session(std::int64_t tenant_id, const std::string& uuid,
                                                 const std::string& session_id) {
  auto created = d_.repository.session_created(tenant_id, uuid, session_id);
  // ISO-8601 UTC text sorts as time.
  const std::string oldest = db::utc_timestamp(d_.clock.now() - kFreshSignIn);
  if (!created || *created < oldest)
    return Error::of(ErrorCode::fresh_sign_in_required, "Sign in again to delete the account");
  return {};
}

Result<Deleted> PrivacyService::delete_account(
    std::int64_t tenant_id, const std::string& uuid, const Deletion& who, const std::string& lang,
    const std::function<void(db::Session&, const Account&, const Deleted&)>& also) {
  const std::string now = db::utc_timestamp(d_.clock.now());
  std::optional<Deleted> done;
  bool mailed = false;
  d_.db.transaction([&](db::Session& s) {
    done.reset();  // a retried transaction starts afresh
    mailed = false;
    auto account = PrivacyRepository::account(s, tenant_id, uuid);
    if (!account) return;
    Deleted out{uuid, now, "deleted-" + core::random_hex(12), 0, ""};
    for (const auto& plan : PrivacyRepository::live_plans(s, tenant_id, uuid))
      if (PrivacyRepository::cancel_plan(s, tenant_id, uuid, plan, now, "account deleted: " + who.reason, who.actor))
        ++out.plans_cancelled;
    // The mail goes to the address before it is erased; its row is written
    // after the erasure (which forgets the address's older mail).
    if (!PrivacyRepository::erase(s, tenant_id, *account, out.pseudonym, now)) return;
    if (account->email && !account->email->empty()) {
      const std::string mail_lang =
          account->selected_lang && is_language(*account->selected_lang) ? *account->selected_lang : lang;
      const std::string subject = d_.text(tenant_id, mail_lang, "subject");
      const std::string body = core::replace_all(d_.text(tenant_id, mail_lang, "body"), "{{date}}", now.substr(0, 10));
      PrivacyRepository::queue_mail(s, tenant_id, *account->email, subject, body, now, d_.deliver_mail);
      out.mailed_to = *account->email;
      mailed = true;
    }
    if (also) also(s, *account, out);
    done = std::move(out);
  });
  if (!done) return not_found();
  if (mailed && d_.deliver_mail && d_.mail_queued) d_.mail_queued();
  return std::move(*done);
}

}  // namespace portal::privacy

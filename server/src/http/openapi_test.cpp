#include "http/openapi.hpp"

#include <boost/describe/class.hpp>
#include <gtest/gtest.h>
#include <stdexcept>

#include "http/schema.hpp"

namespace portal::http {
namespace {

namespace json = boost::json;

struct NoteBody {
  std::string text;
  std::optional<std::string> lang;
};
BOOST_DESCRIBE_STRUCT(NoteBody, (), (text, lang))

Handler noop() {
  return [](RequestContext&) -> boost::asio::awaitable<Response> { co_return Response{}; };
}

Router sample() {
  Router r;
  r.add(with_docs(
      {
          {Verb::get, "/backend/notes/{id}", noop()},
          {Verb::post, "/backend/notes", noop(), TenantFrom::header, Access::user, Idempotency::key},
          {Verb::get, "/backend/login/{tenant}", noop(), TenantFrom::none},
      },
      {{"POST /backend/notes", {"Write a note", "notes", schema_of<NoteBody>, schema_of<NoteBody>, {"409 NOTE_EXISTS"}}}}));
  return r;
}

TEST(OpenApi, PathItemsFromTheRouteTable) {
  const auto doc = openapi_document(sample()).as_object();
  EXPECT_EQ(doc.at("openapi"), "3.1.0");
  const auto& get = doc.at("paths").at("/backend/notes/{id}").at("get").as_object();
  EXPECT_EQ(get.at("operationId"), "getBackendNotesId");
  EXPECT_EQ(get.at("summary"), "GET /backend/notes/{id}");  // undocumented: verb and path
  EXPECT_EQ(get.at("tags").as_array().at(0), "notes");
  const auto& params = get.at("parameters").as_array();
  ASSERT_EQ(params.size(), 2u);
  EXPECT_EQ(params[0].at("name"), "id");
  EXPECT_EQ(params[0].at("in"), "path");
  EXPECT_EQ(params[1].at("name"), "X-Tenant-ID");
  EXPECT_EQ(get.at("x-access"), "guest");
  EXPECT_EQ(get.at("security").as_array().size(), 2u);  // anonymous or bearer
  EXPECT_FALSE(get.contains("requestBody"));
}

TEST(OpenApi, StaffRoutesShowTheirLeastRoleAndEveryRoleThatPasses) {
  Router r;
  r.add(Route{.verb = Verb::get,
              .pattern = "/backend/admin/things",
              .handler = noop(),
              .tenant = TenantFrom::header,
              .access = Access::staff,
              .idempotency = Idempotency::none,
              .doc = {},
              .staff_role = StaffRole::admin});
  r.add(Route{.verb = Verb::post,
              .pattern = "/backend/admin/login",
              .handler = noop(),
              .tenant = TenantFrom::header,
              .access = Access::staff_open,
              .idempotency = Idempotency::none,
              .doc = {},
              .staff_role = StaffRole::any});
  const auto doc = openapi_document(r);
  const auto& get = doc.at("paths").at("/backend/admin/things").at("get").as_object();
  EXPECT_EQ(get.at("x-access"), "staff");
  EXPECT_EQ(get.at("x-staff-role"), "admin");
  EXPECT_EQ(get.at("x-staff-roles"), json::parse(R"(["platform_admin","owner","admin"])"));
  EXPECT_EQ(get.at("security"), json::parse(R"([{"staffBearer":[]},{"staffCookie":[]}])"));
  EXPECT_TRUE(get.at("responses").as_object().contains("401"));
  EXPECT_TRUE(get.at("responses").as_object().contains("403"));
  const auto& login = doc.at("paths").at("/backend/admin/login").at("post").as_object();
  EXPECT_EQ(login.at("x-access"), "staff-open");
  EXPECT_EQ(login.at("security"), json::parse(R"([{}])"));
}

TEST(StaffRoles, RankedWithSpecialistsApart) {
  EXPECT_TRUE(staff_role_allows(StaffRole::platform, StaffRole::platform));
  EXPECT_FALSE(staff_role_allows(StaffRole::owner, StaffRole::platform));
  EXPECT_TRUE(staff_role_allows(StaffRole::owner, StaffRole::admin));
  EXPECT_TRUE(staff_role_allows(StaffRole::admin, StaffRole::finance));
  EXPECT_FALSE(staff_role_allows(StaffRole::admin, StaffRole::owner));
  EXPECT_TRUE(staff_role_allows(StaffRole::editor, StaffRole::editor));
  EXPECT_FALSE(staff_role_allows(StaffRole::editor, StaffRole::support));
  EXPECT_FALSE(staff_role_allows(StaffRole::finance, StaffRole::admin));
  EXPECT_TRUE(staff_role_allows(StaffRole::support, StaffRole::any));
  // care (reading customers): support and finance, admin and above; not editors.
  EXPECT_TRUE(staff_role_allows(StaffRole::support, StaffRole::care));
  EXPECT_TRUE(staff_role_allows(StaffRole::finance, StaffRole::care));
  EXPECT_TRUE(staff_role_allows(StaffRole::admin, StaffRole::care));
  EXPECT_TRUE(staff_role_allows(StaffRole::owner, StaffRole::care));
  EXPECT_FALSE(staff_role_allows(StaffRole::editor, StaffRole::care));
  EXPECT_FALSE(staff_role_allows(StaffRole::support, StaffRole::finance));
  // prices (the catalog's list and bulk price changes): editors and finance, admin and above; not support.
  EXPECT_TRUE(staff_role_allows(StaffRole::finance, StaffRole::prices));
  EXPECT_TRUE(staff_role_allows(StaffRole::editor, StaffRole::prices));
  EXPECT_TRUE(staff_role_allows(StaffRole::admin, StaffRole::prices));
  EXPECT_FALSE(staff_role_allows(StaffRole::support, StaffRole::prices));
}

TEST(OpenApi, DocumentedWriteHasBodyAnswerSecurityAndErrors) {
  const auto doc = openapi_document(sample());
  const auto& post = doc.at("paths").at("/backend/notes").at("post").as_object();
  EXPECT_EQ(post.at("summary"), "Write a note");
  EXPECT_EQ(post.at("x-access"), "user");
  EXPECT_EQ(post.at("security"), json::parse(R"([{"bearer":[]}])"));
  EXPECT_EQ(post.at("parameters").as_array().back().at("name"), "Idempotency-Key");
  // A described struct is written once under components.schemas, by its name, and referenced (issue 77 item 2).
  const json::value note_ref = json::parse(R"({"$ref":"#/components/schemas/http.NoteBody"})");
  EXPECT_EQ(post.at("requestBody").at("content").at("application/json").at("schema"), note_ref);
  EXPECT_EQ(doc.at("components").at("schemas").at("http.NoteBody"), schema_of<NoteBody>());
  const auto& responses = post.at("responses").as_object();
  EXPECT_EQ(responses.at("2XX").at("content").at("application/json").at("schema").at("properties").at("data"), note_ref);
  for (const char* status : {"400", "401", "409", "4XX", "5XX"})
    EXPECT_EQ(responses.at(status), json::parse(R"({"$ref":"#/components/responses/Error"})")) << status;
  EXPECT_EQ(post.at("x-error-codes"), json::parse(R"({"409":["NOTE_EXISTS"]})"));
  EXPECT_EQ(doc.at("components").at("schemas").at("Error").at("required"),
            json::parse(R"(["status","error","message","data","requestId"])"));
}

TEST(OpenApi, HostedPagesAnswerHtmlWithoutTenantHeader) {
  const auto doc = openapi_document(sample());
  const auto& page = doc.at("paths").at("/backend/login/{tenant}").at("get").as_object();
  EXPECT_TRUE(page.at("responses").at("200").at("content").as_object().contains("text/html"));
  EXPECT_EQ(page.at("parameters").as_array().size(), 1u);  // {tenant} only
}

struct NoteTakenData {
  std::string field;
  std::int64_t noteId = 0;
};
BOOST_DESCRIBE_STRUCT(NoteTakenData, (), (field, noteId))

TEST(OpenApi, ErrorDataIsAComponentSchemaTheCodesStatusReferences) {
  Router r;
  r.add(with_error_data(
      with_docs({{Verb::post, "/backend/notes", noop()}},
                {{"POST /backend/notes", {"Write a note", "notes", {}, {}, {"409 NOTE_EXISTS", "409 NOTE_LOCKED"}}}}),
      {error_data<NoteTakenData>("NOTE_EXISTS", "NoteTakenData")}));
  const auto doc = openapi_document(r);
  EXPECT_EQ(doc.at("components").at("schemas").at("NoteTakenData"),
            json::parse(R"({"$ref":"#/components/schemas/http.NoteTakenData"})"));
  EXPECT_EQ(doc.at("components").at("schemas").at("http.NoteTakenData"), schema_of<NoteTakenData>());
  const auto& conflict = doc.at("paths").at("/backend/notes").at("post").at("responses").at("409");
  EXPECT_EQ(conflict.at("content").at("application/json").at("schema"), json::parse(R"({"allOf":[
    {"$ref":"#/components/schemas/Error"},
    {"if":{"properties":{"error":{"const":"NOTE_EXISTS"}},"required":["error"]},
     "then":{"properties":{"data":{"$ref":"#/components/schemas/NoteTakenData"}}}}]})"));
  EXPECT_THROW(with_error_data({{Verb::get, "/backend/a", noop()}}, {error_data<NoteTakenData>("NOTE_EXISTS", "N")}),
               std::logic_error);
}

TEST(OpenApi, ComponentNamesComeFromTheTypesNamespacesAndName) {
  EXPECT_EQ(schema_detail::component_name("portal::catalog::ArticleDto"), "catalog.ArticleDto");
  EXPECT_EQ(schema_detail::component_name("portal::http::(anonymous namespace)::NoteBody"), "http.NoteBody");
  EXPECT_EQ(schema_detail::component_name("portal::x::Page<portal::x::Item>"), "x.Page_x.Item_");
}

TEST(OpenApi, WithDocsRefusesAStaleKey) {
  EXPECT_THROW(with_docs({{Verb::get, "/backend/a", noop()}}, {{"POST /backend/a", {}}}), std::logic_error);
}

TEST(OpenApi, PrettyJsonRoundTrips) {
  const auto doc = openapi_document(sample());
  EXPECT_EQ(json::parse(pretty_json(doc)), doc);
}

}  // namespace
}  // namespace portal::http

namespace portal::http {
namespace {

TEST(OpenApi, QueryParametersBodilessWritesRawAnswersAndOneTripKeys) {
  Router r;
  r.add(with_docs(
      {
          {Verb::get, "/backend/things", noop()},
          {Verb::patch, "/backend/things/seen", noop(), TenantFrom::header, Access::user},
          {Verb::get, "/backend/bundle/{lang}", noop()},
          {Verb::post, "/backend/pay", noop(), TenantFrom::header, Access::user, Idempotency::key_one_trip},
      },
      {{"GET /backend/things",
        {"Things", "things", {}, schema_of<std::vector<NoteBody>>, {}, {{"limit", "How many", "integer", true}}}},
       {"PATCH /backend/things/seen", {"Mark seen", "things", {}, schema_of<NoteBody>, {}, {}, true}},
       {"GET /backend/bundle/{lang}", {"A bundle", "things", {}, schema_of<NoteBody>, {}, {}, false, true}}}));
  const auto doc = openapi_document(r);
  const auto& get = doc.at("paths").at("/backend/things").at("get").as_object();
  EXPECT_EQ(get.at("parameters").as_array().at(0),
            json::parse(R"({"name":"limit","in":"query","required":true,"schema":{"type":"integer"},"description":"How many"})"));
  const auto& seen = doc.at("paths").at("/backend/things/seen").at("patch").as_object();
  EXPECT_FALSE(seen.contains("requestBody"));
  const auto& bundle = doc.at("paths").at("/backend/bundle/{lang}").at("get").as_object();
  EXPECT_EQ(bundle.at("responses").at("200").at("content").at("application/json").at("schema"),
            json::parse(R"({"$ref":"#/components/schemas/http.NoteBody"})"));
  const auto& pay = doc.at("paths").at("/backend/pay").at("post").as_object();
  EXPECT_EQ(pay.at("parameters").as_array().back().at("name"), "Idempotency-Key");
}

}  // namespace
}  // namespace portal::http

#pragma once
// Page structures on the wire: a structure as the storefront reads it (a ConfigNode, shaped by structure_rules.cpp
// shape_node; a node's children have the same shape, which the schema leaves free-form: a described struct cannot
// name itself), and the console's calls under /backend/admin/structures (docs/contracts.md "Page structures from
// the console").
#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace portal::structure {

// Texts in the asked language; "" when the node has none.
struct NodeDataDto {
  std::string title;
  std::string subTitle;
  std::string imageUrl;
  std::string clickUrl;
  boost::json::object customProperties;  // `type` says what the node is (page, banner, slide, ...)
};
BOOST_DESCRIBE_STRUCT(NodeDataDto, (), (title, subTitle, imageUrl, clickUrl, customProperties))

struct ConfigNodeDto {
  std::optional<boost::json::value> id;  // as the structure file names it; absent when it names none
  std::string name;
  NodeDataDto data;
  boost::json::array substructure;  // child nodes, each a ConfigNodeDto
};
BOOST_DESCRIBE_STRUCT(ConfigNodeDto, (), (id, name, data, substructure))

struct StructureVersionInfoDto {
  std::int64_t version = 0;
  std::string note;
  std::string author;     // staff e-mail, or "seed" (from a structure file)
  std::string createdAt;  // ISO-8601 UTC
};
BOOST_DESCRIBE_STRUCT(StructureVersionInfoDto, (), (version, note, author, createdAt))

// A version waiting to be published at a set time.
struct StructureScheduleDto {
  std::int64_t version = 0;
  std::string at;  // UTC, "2026-12-01T08:00:00Z"
  std::string by;  // the member who set it (e-mail)
};
BOOST_DESCRIBE_STRUCT(StructureScheduleDto, (), (version, at, by))

// A structure in the list: its live version and whether a newer draft waits.
struct StructureSummaryDto {
  std::string name;
  std::optional<std::int64_t> publishedVersion;
  std::string publishedBy;
  std::string publishedAt;
  std::optional<StructureVersionInfoDto> latest;  // the newest saved version
  bool hasDraft = false;                          // latest is not the published version
  std::optional<StructureScheduleDto> scheduled;  // a version to publish at a set time
};
BOOST_DESCRIBE_STRUCT(StructureSummaryDto, (), (name, publishedVersion, publishedBy, publishedAt, latest, hasDraft, scheduled))

struct StructureListDto {
  std::vector<StructureSummaryDto> structures;
};
BOOST_DESCRIBE_STRUCT(StructureListDto, (), (structures))

// One version of a structure with its tree (the stored JSON: texts by language).
struct StructureDocumentDto {
  StructureSummaryDto structure;
  StructureVersionInfoDto version;
  boost::json::value tree;
};
BOOST_DESCRIBE_STRUCT(StructureDocumentDto, (), (structure, version, tree))

struct StructureVersionsDto {
  std::string name;
  std::optional<std::int64_t> publishedVersion;
  std::vector<StructureVersionInfoDto> versions;  // newest first
};
BOOST_DESCRIBE_STRUCT(StructureVersionsDto, (), (name, publishedVersion, versions))

// PUT .../draft
struct SaveDraftDto {
  boost::json::value tree;
  std::optional<std::string> note;
};
BOOST_DESCRIBE_STRUCT(SaveDraftDto, (), (tree, note))

// POST .../publish (a roll back publishes an earlier version)
struct PublishDto {
  std::int64_t version = 0;
};
BOOST_DESCRIBE_STRUCT(PublishDto, (), (version))

// PUT .../schedule: publish a version at a set time.
struct ScheduleDto {
  std::int64_t version = 0;
  std::string at;  // UTC, "2026-12-01T08:00:00Z", in the future
};
BOOST_DESCRIBE_STRUCT(ScheduleDto, (), (version, at))

// POST /backend/admin/structures: a structure from its template.
struct CreateStructureDto {
  std::string kind;                         // home, header, footer, section, info, marketing
  std::optional<std::string> slug;          // a section's, info or marketing page's: lower-case, digits, dashes
  std::optional<boost::json::value> title;  // a text or texts by language with "en" (default: the template's)
};
BOOST_DESCRIBE_STRUCT(CreateStructureDto, (), (kind, slug, title))

// POST .../rename: another slug, the same kind.
struct RenameStructureDto {
  std::string slug;
};
BOOST_DESCRIBE_STRUCT(RenameStructureDto, (), (slug))

// The answer of a save or a publish.
struct StructureChangeDto {
  StructureSummaryDto structure;
  StructureVersionInfoDto version;
};
BOOST_DESCRIBE_STRUCT(StructureChangeDto, (), (structure, version))

// POST .../preview: the structure call's answer for a tree (none: the newest version).
struct PreviewDto {
  std::optional<boost::json::value> tree;
  std::optional<std::string> audience;   // "guest" (default) or "subscriber"
  std::optional<int> maxRating;          // a subscriber's parental limit
  std::optional<std::string> device;     // "desktop", "mobile" or none (any)
  std::optional<std::string> os;         // android, ios, ... or none (any)
  std::optional<std::string> lang;
  std::optional<std::string> at;         // UTC time the schedules are read at (default: now)
};
BOOST_DESCRIBE_STRUCT(PreviewDto, (), (tree, audience, maxRating, device, os, lang, at))

}  // namespace portal::structure

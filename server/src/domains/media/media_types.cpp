#include "domains/media/media_types.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace portal::media {

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::audio: return "audio";
    case Kind::video: return "video";
    case Kind::artwork: return "artwork";
    case Kind::game: return "game";
  }
  return "audio";
}

std::optional<Kind> kind_of(std::string_view name) {
  for (Kind k : {Kind::audio, Kind::video, Kind::artwork, Kind::game})
    if (kind_name(k) == name) return k;
  return std::nullopt;
}

std::string_view purpose_name(Purpose p) {
  switch (p) {
    case Purpose::cover: return "cover";
    case Purpose::logo: return "logo";
    case Purpose::icon: return "icon";
    case Purpose::structure: return "structure";
  }
  return "cover";
}

std::optional<Purpose> purpose_of(std::string_view name) {
  for (Purpose p : {Purpose::cover, Purpose::logo, Purpose::icon, Purpose::structure})
    if (purpose_name(p) == name) return p;
  return std::nullopt;
}

std::string_view state_name(JobState s) {
  switch (s) {
    case JobState::queued: return "queued";
    case JobState::running: return "running";
    case JobState::done: return "done";
    case JobState::failed: return "failed";
  }
  return "failed";
}

JobState state_of(std::string_view name) {
  for (JobState s : {JobState::queued, JobState::running, JobState::done, JobState::failed})
    if (state_name(s) == name) return s;
  return JobState::failed;
}

std::int64_t Limits::of(Kind k) const {
  switch (k) {
    case Kind::audio: return audio;
    case Kind::video: return video;
    case Kind::artwork: return artwork;
    case Kind::game: return game;
  }
  return 0;
}

int default_media_workers() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency() / 2)); }

void throw_exception_from_error(const Error& e, const boost::source_location&) {
  throw std::logic_error("media: value() of an error result: " + e.message);
}

}  // namespace portal::media

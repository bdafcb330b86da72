#include "db/replicas.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cctype>
#include <cstdio>
#include <stdexcept>

#include <boost/url/parse.hpp>
#include <libpq-fe.h>
#include <poll.h>

#include "core/log.hpp"
#include "db/postgres/postgres_database.hpp"

namespace portal::db {

namespace {

// The primary's positions kept: enough to tell a lag of max_lag and a little more.
constexpr std::chrono::seconds kSampleMargin{5};
// How long a check waits for a replica's answer before it counts the replica down.
constexpr std::chrono::milliseconds kProbeDeadline{1500};

// A replica host that does not answer must not hold a check (or a reader opening a connection) for the TCP timeout.
std::string with_connect_timeout(const std::string& url) {
  if (url.find("connect_timeout=") != std::string::npos) return url;
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "connect_timeout=2";
}

// A replica's health question, asked on a connection of its own with a deadline: a replica behind PgBouncer that
// died leaves the pooler answering the connection and holding the query (query_wait_timeout), and a check that
// waited with it would keep the dead replica in rotation. Answers {in recovery, replayed position}; throws
// std::runtime_error when the replica does not answer in time.
class Probe {
 public:
  explicit Probe(std::string url) : url_(std::move(url)) {}
  ~Probe() { close(); }

  std::pair<bool, std::optional<std::uint64_t>> ask(std::chrono::milliseconds deadline) {
    if (!conn_) {
      conn_ = PQconnectdb(postgres_target(url_).url.c_str());  // connect_timeout bounds it
      if (PQstatus(conn_) != CONNECTION_OK) fail("cannot connect: ");
    }
    if (!PQsendQuery(conn_, "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text")) fail("cannot ask: ");
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (PQisBusy(conn_)) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      pollfd fd{PQsocket(conn_), POLLIN, 0};
      if (left.count() <= 0 || ::poll(&fd, 1, static_cast<int>(left.count())) == 0) {
        if (PGcancel* cancel = PQgetCancel(conn_)) {
          char ignored[256];
          PQcancel(cancel, ignored, sizeof ignored);
          PQfreeCancel(cancel);
        }
        close();
        throw std::runtime_error("no answer within " + std::to_string(deadline.count()) + " ms");
      }
      if (!PQconsumeInput(conn_)) fail("connection lost: ");
    }
    std::pair<bool, std::optional<std::uint64_t>> answer{false, std::nullopt};
    bool ok = false;
    while (PGresult* res = PQgetResult(conn_)) {
      if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
        ok = true;
        answer.first = std::string_view(PQgetvalue(res, 0, 0)) == "t";
        if (!PQgetisnull(res, 0, 1)) answer.second = parse_lsn(PQgetvalue(res, 0, 1));
      }
      PQclear(res);
    }
    if (!ok) fail("no answer: ");
    return answer;
  }

 private:
  [[noreturn]] void fail(const char* what) {
    std::string message = conn_ ? PQerrorMessage(conn_) : "";
    while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back()))) message.pop_back();
    close();
    throw std::runtime_error(what + message);
  }
  void close() {
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
  }
  std::string url_;
  PGconn* conn_ = nullptr;
};

}  // namespace

std::optional<std::uint64_t> parse_lsn(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash > 8 || text.size() - slash - 1 == 0 ||
      text.size() - slash - 1 > 8)
    return std::nullopt;
  std::uint32_t high = 0, low = 0;
  const auto hex = [](std::string_view part, std::uint32_t& into) {
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), into, 16);
    return ec == std::errc() && end == part.data() + part.size();
  };
  if (!hex(text.substr(0, slash), high) || !hex(text.substr(slash + 1), low)) return std::nullopt;
  return (static_cast<std::uint64_t>(high) << 32) | low;
}

std::string format_lsn(std::uint64_t lsn) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%X/%X", static_cast<unsigned>(lsn >> 32), static_cast<unsigned>(lsn & 0xffffffffu));
  return buf;
}

std::chrono::duration<double> replica_lag(std::span<const LsnSample> samples, std::uint64_t replayed,
                                          std::chrono::steady_clock::time_point now) {
  if (samples.empty() || replayed >= samples.back().lsn) return std::chrono::duration<double>(0);
  for (const auto& sample : samples)
    if (sample.lsn > replayed) return std::max(std::chrono::duration<double>(now - sample.at), std::chrono::duration<double>(0));
  return std::chrono::duration<double>(0);  // not reached: the last sample is past `replayed`
}

std::optional<std::size_t> choose_replica(std::span<const ReplicaHealth> replicas, std::uint64_t after,
                                          std::size_t turn, std::uint32_t pinned) {
  const auto may = [&](std::size_t i) { return replicas[i].in && replicas[i].replayed >= after; };
  if (pinned > 0 && pinned <= replicas.size() && may(pinned - 1)) return pinned - 1;
  std::size_t count = 0;
  for (std::size_t i = 0; i < replicas.size(); ++i) count += may(i) ? 1 : 0;
  if (count == 0) return std::nullopt;
  std::size_t nth = turn % count;
  for (std::size_t i = 0; i < replicas.size(); ++i)
    if (may(i) && nth-- == 0) return i;
  return std::nullopt;
}

std::string replica_name(const std::string& url) {
  auto parsed = boost::urls::parse_uri(url);
  if (!parsed) return "replica";
  std::string name(parsed->encoded_host());
  if (parsed->has_port()) name += ":" + std::string(parsed->port());
  return name + std::string(parsed->encoded_path());
}

struct ReplicaSet::Replica {
  std::string url;
  std::string name;
  PoolStats stats;                    // apart from the primary's pool (portal_db_* gauges)
  std::unique_ptr<Database> database; // opened by the first check that reaches it, then kept (it reconnects itself)
  std::unique_ptr<Probe> probe;       // the checks' own connection
  ReplicaHealth health;               // under ReplicaSet::mutex_
  std::string state = "down";         // under ReplicaSet::mutex_
  double lag_seconds = 0;             // under ReplicaSet::mutex_
  std::atomic<std::int64_t> reads{0};
};

ReplicaSet::ReplicaSet(Database& primary, std::vector<std::string> urls, Options options)
    : primary_(primary), options_(options) {
  for (auto& url : urls) {
    auto replica = std::make_unique<Replica>();
    replica->name = replica_name(url);
    replica->url = with_connect_timeout(url);
    replica->probe = std::make_unique<Probe>(replica->url);
    replicas_.push_back(std::move(replica));
  }
}

ReplicaSet::~ReplicaSet() = default;

void ReplicaSet::check() noexcept {
  std::uint64_t primary_lsn = 0;
  try {
    primary_lsn = parse_lsn(primary_.query("SELECT pg_current_wal_lsn()::text")[0].text(0)).value_or(0);
  } catch (const std::exception& e) {  // the primary away: the replicas keep their states until it answers
    core::log_json(spdlog::level::warn, "replica check: the primary does not answer", {{"error", e.what()}});
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  std::vector<LsnSample> samples;
  {
    std::lock_guard lock(mutex_);
    samples_.push_back({now, primary_lsn});
    while (samples_.size() > 1 && now - samples_.front().at > options_.max_lag + kSampleMargin) samples_.pop_front();
    samples.assign(samples_.begin(), samples_.end());
  }
  for (auto& replica : replicas_) {
    std::string state = "down";
    std::uint64_t replayed = 0;
    double lag = 0;
    try {
      // Its own small pool (the check runs on one thread, so the first open never races a reader's).
      if (!replica->database)
        replica->database = std::make_unique<PostgresDatabase>(replica->url, options_.pool_size,
                                                               options_.checkout_timeout, &replica->stats);
      const auto [recovering, position] = replica->probe->ask(kProbeDeadline);
      if (recovering && position) {
        replayed = *position;
        lag = replica_lag(samples, replayed, now).count();
        state = lag * 1000.0 <= static_cast<double>(options_.max_lag.count()) ? "in" : "lagging";
      } else {
        state = "down";  // not a standby (promoted, or a primary named by mistake): never read as a replica
      }
    } catch (const std::exception& e) {
      state = "down";
      std::lock_guard lock(mutex_);
      if (replica->state != "down")
        core::log_json(spdlog::level::warn, "read replica left out: it does not answer",
                       {{"replica", replica->name}, {"error", e.what()}});
    }
    std::lock_guard lock(mutex_);
    if (state != replica->state && !(state == "down" && replica->state != "in"))
      core::log_json(state == "in" ? spdlog::level::info : spdlog::level::warn,
                     state == "in" ? "read replica in rotation" : "read replica left out",
                     {{"replica", replica->name}, {"state", state}, {"lagSeconds", lag}});
    replica->state = state;
    replica->lag_seconds = lag;
    replica->health = {state == "in", replayed};
  }
}

void ReplicaSet::raise_floor() {
  const auto lsn = parse_lsn(primary_.query("SELECT pg_current_wal_lsn()::text")[0].text(0)).value_or(0);
  std::lock_guard lock(mutex_);
  floor_ = std::max(floor_, lsn);
}

Database* ReplicaSet::pick(ReadScope& scope) {
  std::array<ReplicaHealth, 16> small{};
  std::vector<ReplicaHealth> many;
  std::span<ReplicaHealth> health;
  std::uint64_t after = scope.after;
  {
    std::lock_guard lock(mutex_);
    after = std::max(after, floor_);
    if (replicas_.size() <= small.size()) {
      health = std::span(small.data(), replicas_.size());
    } else {
      many.resize(replicas_.size());
      health = many;
    }
    for (std::size_t i = 0; i < replicas_.size(); ++i) health[i] = replicas_[i]->health;
  }
  const auto chosen = choose_replica(health, after, turn_.fetch_add(1, std::memory_order_relaxed), scope.pinned);
  if (!chosen) return nullptr;
  auto& replica = *replicas_[*chosen];
  scope.pinned = static_cast<std::uint32_t>(*chosen + 1);
  ++replica.reads;
  return replica.database.get();
}

void ReplicaSet::failed(Database* database) noexcept {
  std::lock_guard lock(mutex_);
  for (auto& replica : replicas_)
    if (replica->database.get() == database && replica->state != "down") {
      replica->state = "down";
      replica->health.in = false;
      core::log_json(spdlog::level::warn, "read replica left out: a read failed; the primary serves",
                     {{"replica", replica->name}});
    }
}

std::uint64_t ReplicaSet::write_position() {
  return parse_lsn(primary_.query("SELECT pg_current_wal_insert_lsn()::text")[0].text(0)).value_or(0);
}

std::vector<ReplicaSet::View> ReplicaSet::views() const {
  std::vector<View> out;
  std::lock_guard lock(mutex_);
  for (const auto& replica : replicas_)
    out.push_back({replica->name, replica->state, replica->lag_seconds, replica->health.replayed, replica->reads.load()});
  return out;
}

}  // namespace portal::db

#include "domains/media/media_process.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>

#include "db/test_database.hpp"

namespace portal::media {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A line of /proc/self/limits ("Max address space   268435456   268435456   bytes"): its soft limit.
std::string soft_limit(const std::string& limits, std::string_view name) {
  std::istringstream lines(limits);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(name)) {
      std::istringstream fields(line.substr(name.size()));
      std::string soft;
      fields >> soft;
      return soft;
    }
  return "absent";
}

TEST(MediaProcess, AToolStartsWithAnEmptyEnvironmentPlusWhatItNeeds) {
  // Issue 71 item 9: cwebp's environment held PORTAL_S3_SECRET_KEY and PORTAL_SMTP_PASSWORD.
  ::setenv("PORTAL_S3_SECRET_KEY", "s3-secret-of-the-portal", 1);
  ::setenv("PORTAL_SMTP_PASSWORD", "smtp-secret-of-the-portal", 1);
  const auto run = run_tool({"/usr/bin/env"}, 10s, ToolLimits{});
  ::unsetenv("PORTAL_S3_SECRET_KEY");
  ::unsetenv("PORTAL_SMTP_PASSWORD");
  ASSERT_TRUE(run.ok()) << run.err_tail;
  EXPECT_EQ(run.out.find("secret-of-the-portal"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("PORTAL_"), std::string::npos) << run.out;
  // Exactly these, in a FolderScope TMPDIR as well.
  std::istringstream lines(run.out);
  std::vector<std::string> names;
  for (std::string line; std::getline(lines, line);) names.push_back(line.substr(0, line.find('=')));
  EXPECT_EQ(names, (std::vector<std::string>{"PATH", "LC_ALL", "MALLOC_ARENA_MAX"})) << run.out;
  EXPECT_NE(run.out.find("LC_ALL=C\n"), std::string::npos);

  const auto dir = db::test_directory("media-process-env");
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    const FolderScope in(dir);
    const auto there = run_tool({"/bin/sh", "-c", "pwd; echo \"$TMPDIR\""}, 10s, ToolLimits{});
    ASSERT_TRUE(there.ok()) << there.err_tail;
    EXPECT_EQ(there.out, dir.string() + "\n" + dir.string() + "\n");
  }
  fs::remove_all(dir);
}

TEST(MediaProcess, AToolRunsUnderItsLimitsWithoutCoreDumps) {
  const auto run = run_tool({"cat", "/proc/self/limits"}, 60s, ToolLimits{256LL << 20, 1LL << 20});
  ASSERT_TRUE(run.ok()) << run.err_tail;
  EXPECT_EQ(soft_limit(run.out, "Max address space"), std::to_string(256LL << 20)) << run.out;
  EXPECT_EQ(soft_limit(run.out, "Max file size"), std::to_string(1LL << 20)) << run.out;
  EXPECT_EQ(soft_limit(run.out, "Max core file size"), "0") << run.out;
  // CPU seconds: the timeout on every core, no more.
  const auto cores = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_EQ(soft_limit(run.out, "Max cpu time"), std::to_string(60 * cores)) << run.out;
}

TEST(MediaProcess, AToolOverItsAddressSpaceFailsAndTheSameWorkFitsUnderALargerOne) {
  // 512 MiB wanted under a 128 MiB limit: the allocation fails, the tool exits with an error; the portal goes on.
  const std::vector<std::string> greedy{"perl", "-e", "my $x = 'a' x (512 * 1024 * 1024); print length($x)"};
  const auto small = run_tool(greedy, 60s, ToolLimits{128LL << 20, 1LL << 20});
  EXPECT_FALSE(small.ok());
  EXPECT_NE(small.exit_code, 0);
  EXPECT_NE(small.err_tail.find("Out of memory"), std::string::npos) << small.err_tail;
  const auto large = run_tool(greedy, 60s, ToolLimits{2LL << 30, 1LL << 20});
  ASSERT_TRUE(large.ok()) << large.err_tail;
  EXPECT_EQ(large.out, std::to_string(512 * 1024 * 1024));
}

TEST(MediaProcess, AToolThatWritesPastItsFileSizeLimitIsStoppedBySIGXFSZ) {
  const auto dir = db::test_directory("media-process-fsize");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto run = run_tool({"dd", "if=/dev/zero", "of=" + (dir / "big").string(), "bs=65536", "count=64"}, 60s,
                            ToolLimits{2LL << 30, 1LL << 20});
  EXPECT_FALSE(run.ok());
  EXPECT_EQ(run.signal, SIGXFSZ);
  EXPECT_LE(fs::file_size(dir / "big"), 1u << 20);
  fs::remove_all(dir);
}

TEST(MediaProcess, AToolGetsNoDescriptorOfThePortalsButItsStandardStreams) {
  // A descriptor the portal opened without O_CLOEXEC (a socket, a database file) does not reach the tool.
  const int leaky = ::open("/dev/null", O_RDONLY);
  ASSERT_GE(leaky, 3);
  const auto run = run_tool({"ls", "/proc/self/fd"}, 10s, ToolLimits{});
  ::close(leaky);
  ASSERT_TRUE(run.ok()) << run.err_tail;
  std::istringstream fds(run.out);
  std::vector<int> open;
  for (int fd; fds >> fd;) open.push_back(fd);
  // 0, 1, 2 and the one ls opened to list the folder (the lowest free: 3). A leaked one would be listed beside them.
  EXPECT_LE(open.size(), 4u) << run.out;
  for (int fd : open) EXPECT_LE(fd, 3) << "descriptor " << leaky << " leaked: " << run.out;
}

TEST(MediaProcess, ArgvIsPassedAsItIsAndAMissingToolOrATimeoutIsSaid) {
  const auto echo = run_tool({"printf", "%s|", "a b", "$(id)", ";rm -rf /", "'\"'"}, 10s, ToolLimits{});
  ASSERT_TRUE(echo.ok()) << echo.err_tail;
  EXPECT_EQ(echo.out, "a b|$(id)|;rm -rf /|'\"'|");
  const auto missing = run_tool({"no-such-media-tool-71"}, 10s, ToolLimits{});
  EXPECT_TRUE(missing.not_started);
  EXPECT_NE(missing.err_tail.find("not found"), std::string::npos);
  const auto slow = run_tool({"sleep", "30"}, 1s, ToolLimits{});
  EXPECT_TRUE(slow.timed_out);
  EXPECT_FALSE(slow.ok());
}

}  // namespace
}  // namespace portal::media

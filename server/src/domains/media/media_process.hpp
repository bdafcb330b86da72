#pragma once
// Runs a media tool (ffmpeg, ffprobe, cwebp) by fork and execve, never through a
// shell: argv is passed as it is, the program found on PATH by the portal before the
// fork. The child is set up before exec (issue 71 items 2 and 9):
//   - resource limits, so a hostile file fails its own job and nothing else: address
//     space (RLIMIT_AS, ToolLimits::memory_bytes), the size of any file it writes
//     (RLIMIT_FSIZE, ToolLimits::file_bytes), CPU seconds (RLIMIT_CPU: the run's timeout
//     on every core of the machine, which the kernel enforces even if the portal is gone),
//     no core dumps;
//   - an environment of its own: PATH, LC_ALL=C, MALLOC_ARENA_MAX=2 (glibc's per-thread
//     arenas would reserve address space a multi-threaded transcode never uses) and,
//     in a FolderScope, TMPDIR in the job's folder; nothing of the portal's (no
//     PORTAL_S3_SECRET_KEY, no PORTAL_SMTP_PASSWORD, no database URL);
//   - standard input /dev/null, output and error to the portal's pipes, every other
//     descriptor closed at exec (no socket, database or file of the portal's reaches it);
//   - a process group of its own, an empty signal mask.
// The tool's standard output is handed over line by line (ffmpeg's -progress pipe:1);
// the last few kilobytes of its standard error are kept for the failure's reason. A
// tool that outlives its timeout is killed with its group.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::media {

struct ToolLimits {
  std::int64_t memory_bytes = 2LL << 30;  // address space (RLIMIT_AS)
  std::int64_t file_bytes = 1LL << 30;    // the largest file it may write (RLIMIT_FSIZE)
};

struct ToolRun {
  int exit_code = -1;   // the tool's exit status; -1 when it did not exit by itself
  int signal = 0;       // the signal that ended it when it did not exit (SIGXCPU, SIGXFSZ: over a limit)
  bool timed_out = false;   // killed: over its timeout, or stopped
  bool not_started = false;  // no such program, or the child could not be set up
  std::string out;      // standard output (the first 64 KiB) when no line callback was given
  std::string err_tail; // the last 4 KiB of standard error
  bool ok() const { return exit_code == 0 && !timed_out && !not_started; }
};

// While one lives, every tool this thread runs is killed once *stop is true
// (the worker's shutdown: a long transcode does not hold the instance up).
class StopScope {
 public:
  explicit StopScope(const std::atomic<bool>* stop);
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

// While one lives, every tool this thread runs starts in `folder` (a job's own
// folder), with TMPDIR there: whatever a tool writes beside its output, or finds
// relative to where it runs, is the job's and nobody else's. Paths given to the tool
// must be absolute.
class FolderScope {
 public:
  explicit FolderScope(const std::filesystem::path& folder);
  ~FolderScope();
  FolderScope(const FolderScope&) = delete;
  FolderScope& operator=(const FolderScope&) = delete;

 private:
  const std::filesystem::path* previous_;
};

ToolRun run_tool(const std::vector<std::string>& argv, std::chrono::seconds timeout, const ToolLimits& limits,
                 const std::function<void(std::string_view line)>& on_line = {});

}  // namespace portal::media

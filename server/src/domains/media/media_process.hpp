#pragma once
// Runs a media tool (ffmpeg, ffprobe, cwebp, unzip) by fork/exec with
// posix_spawnp, never through a shell: argv is passed as it is. The tool's
// standard output is handed over line by line (ffmpeg's -progress pipe:1);
// the last few kilobytes of its standard error are kept for the failure's
// reason. A tool that outlives its timeout is killed.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace portal::media {

struct ToolRun {
  int exit_code = -1;   // the tool's exit status; -1 when it did not exit by itself
  bool timed_out = false;   // killed: over its timeout, or stopped
  bool not_started = false;  // no such program
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
// folder): whatever a tool writes beside its output, or finds relative to where
// it runs, is the job's and nobody else's. Paths given to the tool must be absolute.
class FolderScope {
 public:
  explicit FolderScope(const std::filesystem::path& folder);
  ~FolderScope();
  FolderScope(const FolderScope&) = delete;
  FolderScope& operator=(const FolderScope&) = delete;

 private:
  const std::filesystem::path* previous_;
};

ToolRun run_tool(const std::vector<std::string>& argv, std::chrono::seconds timeout,
                 const std::function<void(std::string_view line)>& on_line = {});

}  // namespace portal::media

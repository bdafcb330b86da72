#include "domains/media/media_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>

extern char** environ;

namespace portal::media {

namespace {

constexpr std::size_t kErrTail = 4096;
constexpr std::size_t kOutKeep = 64 * 1024;

struct Pipe {
  int fd[2] = {-1, -1};
  ~Pipe() {
    for (int f : fd)
      if (f >= 0) ::close(f);
  }
  void close_end(int i) {
    if (fd[i] >= 0) ::close(fd[i]);
    fd[i] = -1;
  }
};

thread_local const std::atomic<bool>* t_stop = nullptr;
thread_local const std::filesystem::path* t_folder = nullptr;

}  // namespace

StopScope::StopScope(const std::atomic<bool>* stop) : previous_(t_stop) { t_stop = stop; }
StopScope::~StopScope() { t_stop = previous_; }

FolderScope::FolderScope(const std::filesystem::path& folder) : previous_(t_folder) { t_folder = &folder; }
FolderScope::~FolderScope() { t_folder = previous_; }

ToolRun run_tool(const std::vector<std::string>& argv, std::chrono::seconds timeout,
                 const std::function<void(std::string_view line)>& on_line) {
  ToolRun run;
  if (argv.empty()) {
    run.not_started = true;
    return run;
  }
  Pipe out, err;
  if (::pipe2(out.fd, O_CLOEXEC) != 0 || ::pipe2(err.fd, O_CLOEXEC) != 0) {
    run.not_started = true;
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
  if (t_folder) posix_spawn_file_actions_addchdir_np(&actions, t_folder->c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group: a timeout kills the tool and anything it started.
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);

  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  out.close_end(1);
  err.close_end(1);
  if (rc != 0) {
    run.not_started = true;
    run.err_tail = argv[0] + ": cannot start";
    return run;
  }

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string line;
  std::array<char, 8192> buf{};
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0 || (t_stop && t_stop->load())) {
      run.timed_out = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    std::array<pollfd, 2> fds{pollfd{out_open ? out.fd[0] : -1, POLLIN, 0}, pollfd{err_open ? err.fd[0] : -1, POLLIN, 0}};
    const int n = ::poll(fds.data(), fds.size(), static_cast<int>(std::min<std::int64_t>(left.count(), 1000)));
    if (n < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t got = ::read(fds[i].fd, buf.data(), buf.size());
      if (got <= 0) {
        (i == 0 ? out_open : err_open) = false;
        continue;
      }
      const std::string_view chunk(buf.data(), static_cast<std::size_t>(got));
      if (i == 1) {
        run.err_tail.append(chunk);
        if (run.err_tail.size() > kErrTail) run.err_tail.erase(0, run.err_tail.size() - kErrTail);
      } else if (on_line) {
        for (char c : chunk) {
          if (c == '\n') {
            on_line(line);
            line.clear();
          } else if (line.size() < 4096) {
            line += c;
          }
        }
      } else if (run.out.size() < kOutKeep) {
        run.out.append(chunk.substr(0, kOutKeep - run.out.size()));
      }
    }
  }
  if (on_line && !line.empty()) on_line(line);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!run.timed_out && WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

}  // namespace portal::media

#include "domains/media/media_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace portal::media {

namespace {

constexpr std::size_t kErrTail = 4096;
constexpr std::size_t kOutKeep = 64 * 1024;
constexpr const char* kDefaultPath = "/usr/local/bin:/usr/bin:/bin";

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

// The program execve runs: argv[0] itself when it names a path, else the first executable file of that name on
// the portal's PATH (looked up here, before the fork: the child only calls what is safe between fork and exec).
std::string tool_program(const std::string& name, const std::string& path) {
  if (name.find('/') != std::string::npos) return name;
  for (std::size_t i = 0; i <= path.size();) {
    const auto j = std::min(path.find(':', i), path.size());
    if (j > i) {
      const std::string candidate = path.substr(i, j - i) + "/" + name;
      struct stat st{};
      if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
        return candidate;
    }
    i = j + 1;
  }
  return {};
}

// A limit of `value` (soft) and `value` + `grace` (hard), never above the portal's own hard limit: a process may
// lower its limits, not raise them.
struct rlimit tool_rlimit(int resource, rlim_t value, rlim_t grace) {
  struct rlimit current{};
  ::getrlimit(resource, &current);
  const rlim_t hard = std::min(value + grace, current.rlim_max);
  return {std::min(value, hard), hard};
}

// The steps of the child's set-up, for the reason when one fails.
enum class ChildStep : int { stdio = 1, folder, limits, exec };

const char* child_step_name(int step) {
  switch (static_cast<ChildStep>(step)) {
    case ChildStep::stdio: return "its standard streams";
    case ChildStep::folder: return "the job's folder";
    case ChildStep::limits: return "its resource limits";
    case ChildStep::exec: return "exec";
  }
  return "exec";
}

// In the child: the step that failed and its errno, to the parent through the report pipe (closed by a
// successful exec), then out. Async-signal-safe calls only from the fork on.
[[noreturn]] void child_failed(int report, ChildStep step) {
  const int message[2] = {static_cast<int>(step), errno};
  [[maybe_unused]] const auto n = ::write(report, message, sizeof message);
  ::_exit(127);
}

}  // namespace

StopScope::StopScope(const std::atomic<bool>* stop) : previous_(t_stop) { t_stop = stop; }
StopScope::~StopScope() { t_stop = previous_; }

FolderScope::FolderScope(const std::filesystem::path& folder) : previous_(t_folder) { t_folder = &folder; }
FolderScope::~FolderScope() { t_folder = previous_; }

ToolRun run_tool(const std::vector<std::string>& argv, std::chrono::seconds timeout, const ToolLimits& limits,
                 const std::function<void(std::string_view line)>& on_line) {
  ToolRun run;
  if (argv.empty()) {
    run.not_started = true;
    return run;
  }
  // Everything the child needs is made before the fork.
  const char* parent_path = std::getenv("PATH");
  const std::string path = parent_path && *parent_path ? parent_path : kDefaultPath;
  const std::string program = tool_program(argv[0], path);
  if (program.empty()) {
    run.not_started = true;
    run.err_tail = argv[0] + ": cannot start: not found";
    return run;
  }
  std::vector<std::string> env{"PATH=" + path, "LC_ALL=C", "MALLOC_ARENA_MAX=2"};
  if (t_folder) env.push_back("TMPDIR=" + t_folder->string());
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string folder = t_folder ? t_folder->string() : std::string();
  const auto cores = static_cast<rlim_t>(std::max(1u, std::thread::hardware_concurrency()));
  const auto cpu = static_cast<rlim_t>(std::max<std::int64_t>(1, timeout.count())) * cores;
  const struct rlimit memory = tool_rlimit(RLIMIT_AS, static_cast<rlim_t>(limits.memory_bytes), 0);
  const struct rlimit file = tool_rlimit(RLIMIT_FSIZE, static_cast<rlim_t>(limits.file_bytes), 0);
  const struct rlimit cpu_seconds = tool_rlimit(RLIMIT_CPU, cpu, 1);  // SIGXCPU at the first, SIGKILL a second later
  const struct rlimit no_core{0, 0};
  struct rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  const int max_fd = files.rlim_cur == RLIM_INFINITY ? 65536 : static_cast<int>(std::min<rlim_t>(files.rlim_cur, 1 << 20));
  sigset_t none;
  sigemptyset(&none);

  Pipe out, err, report;
  if (::pipe2(out.fd, O_CLOEXEC) != 0 || ::pipe2(err.fd, O_CLOEXEC) != 0 || ::pipe2(report.fd, O_CLOEXEC) != 0) {
    run.not_started = true;
    run.err_tail = argv[0] + ": cannot start: no pipe";
    return run;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    run.not_started = true;
    run.err_tail = argv[0] + ": cannot start: fork failed";
    return run;
  }
  if (pid == 0) {
    // The child. Its own process group: a timeout kills the tool and anything it started.
    ::setpgid(0, 0);
    const int null = ::open("/dev/null", O_RDONLY);  // any descriptor but 0 closes at exec (below)
    if (null < 0 || (null != 0 && ::dup2(null, 0) < 0) || ::dup2(out.fd[1], 1) < 0 || ::dup2(err.fd[1], 2) < 0)
      child_failed(report.fd[1], ChildStep::stdio);
    if (!folder.empty() && ::chdir(folder.c_str()) != 0) child_failed(report.fd[1], ChildStep::folder);
    if (::setrlimit(RLIMIT_AS, &memory) != 0 || ::setrlimit(RLIMIT_FSIZE, &file) != 0 ||
        ::setrlimit(RLIMIT_CPU, &cpu_seconds) != 0 || ::setrlimit(RLIMIT_CORE, &no_core) != 0)
      child_failed(report.fd[1], ChildStep::limits);
    // Every descriptor but the standard three closes at exec, whether the portal opened it with O_CLOEXEC or not.
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
      for (int fd = 3; fd < max_fd; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execve(program.c_str(), args.data(), envp.data());
    child_failed(report.fd[1], ChildStep::exec);
  }
  ::setpgid(pid, pid);  // as the child does itself: whichever comes first, the group exists before a kill
  out.close_end(1);
  err.close_end(1);
  report.close_end(1);
  // The report pipe closes at exec; a failed set-up writes its step and errno first.
  int message[2] = {0, 0};
  std::size_t got_report = 0;
  while (got_report < sizeof message) {
    const ssize_t n = ::read(report.fd[0], reinterpret_cast<char*>(message) + got_report, sizeof message - got_report);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got_report += static_cast<std::size_t>(n);
  }
  if (got_report > 0) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    run.not_started = true;
    run.err_tail = argv[0] + ": cannot start: " + child_step_name(message[0]) + ": " + std::strerror(message[1]);
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
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  return run;
}

}  // namespace portal::media

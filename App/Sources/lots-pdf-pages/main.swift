import CQPDF

// The page counter the server runs as a child process, one per uploaded PDF:
//   lots-pdf-pages [--memory MIB] [--cpu SECONDS] [--repeat N] FILE
// It limits itself first (address space, CPU time, no core dump), then opens
// FILE with qpdf, refusing to repair damage, and prints one line: `pages N`, or `refused WHY`
// (encrypted, damaged, empty, pages, unreadable) with exit status 1. A file that exhausts a
// limit kills the process (SIGKILL, SIGXCPU or an allocation failure): the server reads any
// other ending as "could not be counted". `--repeat N` counts N times in this process and
// prints the last count (the benchmark's in-process baseline).
#if canImport(Glibc)
  import Glibc
#endif

/// Sets a soft and hard limit, or exits: a counter that cannot limit itself must not count.
func limit(_ resource: Int32, _ value: UInt64) {
  var bounds = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
  #if os(Linux)
    let status = setrlimit(__rlimit_resource_t(UInt32(resource)), &bounds)
  #else
    let status = setrlimit(resource, &bounds)
  #endif
  if status != 0 {
    print("refused unreadable")
    exit(2)
  }
}

/// What one reading of `path` finds.
enum Count {
  case pages(Int32)
  case refused(String)
}

func count(_ path: String) -> Count {
  let qpdf = qpdf_init()
  defer {
    var handle = qpdf
    qpdf_cleanup(&handle)
  }
  qpdf_silence_errors(qpdf)
  qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)
  qpdf_set_attempt_recovery(qpdf, QPDF_FALSE)
  func failure() -> Count {
    let error = qpdf_get_error(qpdf)
    switch qpdf_get_error_code(qpdf, error) {
    case qpdf_e_password: return .refused("encrypted")
    case qpdf_e_pages: return .refused("pages")
    case qpdf_e_damaged_pdf, qpdf_e_object: return .refused("damaged")
    default: return .refused("unreadable")  // out of memory, unsupported, qpdf's own fault
    }
  }
  if (qpdf_read(qpdf, path, "") & QPDF_ERRORS) != 0 { return failure() }
  if qpdf_is_encrypted(qpdf) != QPDF_FALSE { return .refused("encrypted") }
  let pages = qpdf_get_num_pages(qpdf)
  if pages < 0 || qpdf_has_error(qpdf) != QPDF_FALSE { return failure() }
  return pages == 0 ? .refused("empty") : .pages(pages)
}

var memory: UInt64 = 512
var cpu: UInt64 = 10
var repeats = 1
var path: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--memory": memory = arguments.popFirst().flatMap { UInt64($0) } ?? 0
  case "--cpu": cpu = arguments.popFirst().flatMap { UInt64($0) } ?? 0
  case "--repeat": repeats = arguments.popFirst().flatMap { Int($0) } ?? 0
  default: path = argument
  }
}
guard let path, memory > 0, cpu > 0, repeats > 0 else {
  print("usage: lots-pdf-pages [--memory MIB] [--cpu SECONDS] [--repeat N] FILE")
  exit(2)
}
limit(Int32(RLIMIT_CORE.rawValue), 0)
limit(Int32(RLIMIT_CPU.rawValue), cpu)
limit(Int32(RLIMIT_AS.rawValue), memory << 20)
var result = Count.refused("unreadable")
for _ in 0..<repeats { result = count(path) }
switch result {
case .pages(let pages):
  print("pages \(pages)")
  exit(0)
case .refused(let why):
  print("refused \(why)")
  exit(1)
}

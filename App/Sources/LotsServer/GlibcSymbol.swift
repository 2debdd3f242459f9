#if canImport(Glibc)
  import Glibc
#endif

/// A glibc function Swift does not import (its headers declare it only for `_GNU_SOURCE`),
/// looked up by name in the running process: nil where this libc lacks it.
func glibcSymbol<T>(_ name: String, as type: T.Type) -> T? {
  guard let handle = dlopen(nil, RTLD_NOW), let found = dlsym(handle, name) else { return nil }
  return unsafeBitCast(found, to: type)
}

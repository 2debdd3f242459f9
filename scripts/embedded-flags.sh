# The swiftc flags of every Embedded Swift compile for wasm32, sourced by scripts/check-embedded
# and scripts/build-wasm. -Osize keeps Swift's own (SIL) inliner, which removes generic and
# closure overhead; LLVM's inliner is turned off by a negative threshold: its copies of
# already-specialised bodies were 11% of the module (84.0 KB with it, 74.6 KB without, same
# code, 2026-11-22; the prepare benchmark runs at the same speed either way once the bridge
# reads its input in bulk). Runtime exclusivity checks are off (1.7 KB): the same code runs
# natively, in every test, with them on.
embedded_flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo
  -parse-as-library -Osize -Xfrontend -disable-stack-protector -Xllvm -inline-threshold=-50
  -enforce-exclusivity=unchecked -package-name lots)

import Testing

/// The command's own arguments: bad ones get a message on standard error and status 2.
@Suite struct EngineCommandTests {
  @Test func missingOrUnknownArgumentsAreErrorsThatSayWhy() throws {
    let none = try LotsProcess.run([])
    #expect(none.status == 2 && none.stderr.hasPrefix("lots-engine: a subcommand is needed"))
    #expect(none.stdout.isEmpty)
    let unknown = try LotsProcess.run(["spiral"])
    #expect(unknown.status == 2 && unknown.stderr.hasPrefix("lots-engine spiral: unknown"))
    let flag = try LotsProcess.run(["layout", "--bogus"])
    #expect(flag.status == 2 && flag.stderr == "lots-engine layout: unknown option --bogus\n")
    let extra = try LotsProcess.run(["abi", "more"])
    #expect(extra.status == 2 && extra.stderr.contains("unexpected argument more"))
    let help = try LotsProcess.run(["--help"])
    #expect(help.status == 0 && help.stdout.hasPrefix("usage: lots-engine"))
  }
}

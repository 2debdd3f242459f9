import Foundation
import Testing

@Suite struct DiffCommandTests {
  /// Writes the two documents to files and runs `lots diff` on them.
  static func diff(_ old: String, _ new: String) throws -> LotsProcess.Result {
    let folder = FileManager.default.temporaryDirectory
    let oldFile = folder.appendingPathComponent("lots-diff-\(UUID()).json")
    let newFile = folder.appendingPathComponent("lots-diff-\(UUID()).json")
    defer {
      try? FileManager.default.removeItem(at: oldFile)
      try? FileManager.default.removeItem(at: newFile)
    }
    try Data(old.utf8).write(to: oldFile)
    try Data(new.utf8).write(to: newFile)
    return try LotsProcess.run(["diff", oldFile.path, newFile.path])
  }

  @Test func printsOneBatch() throws {
    let result = try Self.diff(
      #"[{"id": 1, "version": 1}, {"id": 2, "version": 1}, {"id": "x"}]"#,
      #"[{"id": 2, "version": 2}, {"id": 3}, {"id": "x"}]"#)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"deletes":[0],"inserts":[1],"moves":[],"reloads":[1],"reconfigures":[0]}"# + "\n")
  }

  @Test func stagesAReloadOfAMovedItem() throws {
    let result = try Self.diff(
      #"[{"id": 1}, {"id": 2}, {"id": 3}]"#, #"[{"id": 3, "version": 1}, {"id": 1}, {"id": 2}]"#)
    let batch = #"{"deletes":[],"inserts":[],"moves":[{"from":2,"to":0}],"reloads":[],"#
    #expect(
      result.stdout
        == "[" + batch + #""reconfigures":[]},{"deletes":[],"inserts":[],"moves":[],"#
        + #""reloads":[0],"reconfigures":[0]}]"# + "\n")
  }

  @Test func sectionsUseIndexPaths() throws {
    let result = try Self.diff(
      #"[{"id": "a", "items": [{"id": 1}, {"id": 2}]}, {"id": "b", "items": []}]"#,
      #"[{"id": "a", "items": [{"id": 2}]}, {"id": "b", "items": [{"id": 1}]}]"#)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix(#"{"sections":{"deletes":[],"#))
    #expect(
      result.stdout.contains(
        #""moves":[{"from":{"section":0,"item":0},"to":{"section":1,"item":0}}]"#))
  }

  @Test func repeatedIdsWarnButSucceed() throws {
    let result = try Self.diff(#"[{"id": 1}, {"id": 1}]"#, #"[{"id": 1}]"#)
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""deletes":[1]"#))
    #expect(result.stderr.contains("$[1].id: repeated id"))
  }

  @Test(arguments: [
    (#"{"id": 1}"#, "$: expected an array, found an object"),
    (#"[{"id": true}]"#, "$[0].id: expected a string or a whole number, found a boolean"),
    (#"[{"id": 1.5}]"#, "$[0].id: expected a whole number"),
    (#"[{"version": 1}]"#, "$[0].id: required field is missing"),
    (#"[{"id": 1, "colour": 2}]"#, "$[0].colour: unknown field"),
    (#"[{"id": 1, "items": {}}]"#, "$[0].items: expected an array"),
    ("[1,", ".json: $: not valid JSON"),
  ])
  func malformedInputExitsTwoNamingTheField(document: String, message: String) throws {
    let result = try Self.diff(document, "[]")
    #expect(result.status == 2)
    #expect(result.stderr.contains(message))
    #expect(result.stdout.isEmpty)
  }

  @Test func mixedShapesAreRejected() throws {
    let result = try Self.diff(#"[{"id": 1}]"#, #"[{"id": "s", "items": []}]"#)
    #expect(result.status == 2)
    #expect(result.stderr.contains("same shape"))
  }
}

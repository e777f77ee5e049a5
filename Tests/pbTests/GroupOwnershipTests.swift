import Foundation
import Testing

/// Whose group level is whose: `pb group run` ends only the level it began, `pb group end`
/// only one its shell began, and `pb undo` is refused while a group is open.
@Suite("undo groups belong to their openers", .tags(.endToEnd))
struct GroupOwnershipTests {
  func groupDepth(_ sandbox: Sandbox) throws -> Int {
    let listed = try sandbox.pb("history", "--json")
    let object = try JSONSerialization.jsonObject(with: listed.stdout) as? [String: Any]
    return (object?["group"] as? [String: Any])?["depth"] as? Int ?? 0
  }

  @Test("a background pb group run that ends leaves the shell's own group open, and the shell's pb group end closes it")
  func runEndsOnlyItsOwnLevel() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      cd \(sandbox.root.path) && mkfifo ready go || exit 9
      # The command tells when it runs (its group is open by then) and waits to be let go.
      pb group run --name Background -- sh -c 'echo > ready; read line < go' &
      read line < ready
      pb group begin Shell; echo "begin $?"
      echo > go; wait $!; echo "run $?"
      echo mine | pb copy
      pb history --json | grep -c '"depth" : 1'
      pb group end; echo "end $?"
      """)
    #expect(result.lines == ["begin 0", "run 0", "1", "end 0"], "\(result)")
    #expect(try groupDepth(sandbox) == 0)
    // One group all along, named by its outermost level: its entry took the change made
    // in the shell's level after run's had closed.
    let undo = try sandbox.pb("undo")
    #expect(undo.status == 0 && undo.text == "Undo Background\n", "\(undo)")
    #expect(try sandbox.pb("paste").status == 1, "the undo took the shell's change too: the board is empty")
  }

  @Test("pb undo inside an open group is refused (73) in one line naming pb group end, and changes nothing")
  func undoInsideAGroup() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      echo A | pb copy
      pb group begin
      echo B | pb copy
      pb undo; echo "undo $?"
      pb paste
      pb group end
      pb undo; echo "undo $?"
      pb paste
      """)
    #expect(result.lines == ["undo 73", "B", "Undo Copy", "undo 0", "A"], "\(result)")
    let refusal = result.stderr.split(separator: "\n")
    #expect(refusal.count == 1 && refusal[0].contains("pb group end"), "\(result)")
  }

  @Test("pb group end from a process that opened no level, nor runs under one that did, leaves the other shell's group open (1)")
  func endOnlyYourOwn() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.shell(
      """
      export PB_DIR=\(sandbox.store.path)
      cd \(sandbox.root.path) && mkfifo ready go || exit 9
      # Another shell opens a group and stays until let go, then ends it itself.
      bash -c 'pb group begin Other && echo > ready; read line < go; pb group end; echo "other end $?"' &
      read line < ready
      pb group end; echo "end $?"
      pb history --json | grep -c '"depth" : 1'
      echo > go; wait $!
      pb history --json | grep -c '"group"'
      # A script this shell runs ends the shell's own level: the shell is one it runs under.
      pb group begin Mine && bash -c 'pb group end; exit $?'; echo "script end $?"
      pb history --json | grep -c '"group"'
      """)
    #expect(result.lines == ["end 1", "1", "other end 0", "0", "script end 0", "0"], "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("another process"), "\(result)")
  }
}

import Testing

@testable import PasteboardKit

/// The generated declaration records are read byte by byte (TypeDeclaration.init(record:)):
/// every record must read as splitting its text does, fields at the first four '|' and
/// lists at ','.
@Suite(.tags(.unit))
struct TypeDeclarationRecordTests {
  @Test func everyRecordReadsAsSplittingItsTextDoes() {
    #expect(TypeRegistry.declarationRecords.count > 500)
    for record in TypeRegistry.declarationRecords {
      let text = record.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
      let fields = text.split(separator: "|", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
      let list = { (field: Int) in fields[field].split(separator: ",").map(String.init) }
      let declaration = TypeDeclaration(record: record)
      #expect(declaration.identifier == TypeIdentifier(fields[0]), "\(text)")
      #expect(declaration.conformsTo == list(1).map(TypeIdentifier.init), "\(text)")
      #expect(declaration.mimeTypes == list(2), "\(text)")
      #expect(declaration.filenameExtensions == list(3), "\(text)")
      #expect(declaration.description == fields[4], "\(text)")
    }
  }

  @Test func emptyListsAndABarInTheDescriptionAreKept() {
    let declaration = TypeDeclaration(record: "a.b|||x,,y|one | two")
    #expect(declaration.identifier == TypeIdentifier("a.b"))
    #expect(declaration.conformsTo.isEmpty && declaration.mimeTypes.isEmpty)
    #expect(declaration.filenameExtensions == ["x", "y"])
    #expect(declaration.description == "one | two")
  }
}

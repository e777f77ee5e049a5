import LinuxSystem

extension ProcessIdentity {
  init(json object: JSONObject) throws {
    self.init(pid: try object.required("pid").integer(Int32.self), startTime: try object.required("startTime").integer(UInt64.self))
  }

  var json: JSONValue { .members(["pid": .integer(pid), "startTime": .integer(startTime)]) }
}

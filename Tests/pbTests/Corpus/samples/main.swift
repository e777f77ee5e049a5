import Foundation

struct Point { var x: Int; var y: Int }
print(Point(x: 1, y: 2))

import Foundation
import Testing
import CodableKit

final class FinalUser: DecodableModel {
    var name = "guest"
    var age = 30
    required init() {}
}

class BaseUser: DecodableModel {
    var name = "base"
    var level = 1
    required init() {}
}

/// Models of every shape: classes, nested models, collections of models, generics.
@Suite struct ModelShapeTests {
    @Test func finalClass() throws {
        let user = try FinalUser.decode(from: #"{"name": "Ada", "age": "x"}"#)
        #expect(user.name == "Ada")
        #expect(user.age == 30)
    }

    @Test func nonFinalClass() throws {
        let user = try BaseUser.decode(from: #"{"level": "3"}"#)
        #expect(user.name == "base")
        #expect(user.level == 3)
    }

    struct Runway: DecodableModel, Equatable {
        var direction = ""
        var distance = 0
        var surface = "unknown"
    }

    struct Airport: DecodableModel {
        var name = ""
        var runways: [Runway] = []
        var main = Runway()
        var byCode: [String: Runway] = [:]
    }

    @Test func nestedModelsArraysAndDictionariesOfModels() throws {
        let json = #"""
        {"name": "Anaa", "main": {"direction": "N", "distance": "1500"},
         "runways": [{"direction": "N"}, {"distance": null}, 17],
         "byCode": {"a": {"surface": "grass"}, "b": null, "c": "nope"}}
        """#
        let airport = try Airport.decode(from: json)
        #expect(airport.main == Runway(direction: "N", distance: 1500, surface: "unknown"))
        #expect(airport.runways == [Runway(direction: "N"), Runway()])
        #expect(airport.byCode == ["a": Runway(surface: "grass")])
    }

    struct Response<T: DecodableModel>: DecodableModel {
        var code = 0
        var data: T?
        var list: [T] = []
    }

    @Test func genericModels() throws {
        let response = try Response<Runway>.decode(from: #"{"code": "200", "data": {"distance": 3}, "list": [{}, null]}"#)
        #expect(response.code == 200)
        #expect(response.data?.distance == 3)
        #expect(response.list == [Runway()])
    }

    struct Tree: DecodableModel {
        var name = ""
        var children: [Tree] = []
        var finished = false
        mutating func didFinishMapping() {
            finished = children.allSatisfy(\.finished)
        }
    }

    @Test func didFinishMappingRunsOnEveryModelInnerFirst() throws {
        let tree = try Tree.decode(from: #"{"name": "root", "children": [{"children": [{}]}, {}]}"#)
        #expect(tree.finished)
        #expect(tree.children.allSatisfy { $0.finished })
    }

    struct Wrapper: DecodableModel {
        var user = FinalUser()
    }

    @Test func nestedClassModelFallsBackToItsOwnInitialValues() throws {
        let wrapper = try Wrapper.decode(from: #"{"user": {"age": "x"}}"#)
        #expect(wrapper.user.name == "guest")
        #expect(wrapper.user.age == 30)
    }
}

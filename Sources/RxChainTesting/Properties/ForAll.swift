import Foundation

/// Checks that `property` holds for `iterations` values drawn from `generator`, and throws the minimal counterexample if not.
///
/// Cases are drawn from one ``SeededGenerator``: the `seed` argument, else the
/// `RXCHAIN_SEED` environment variable, else a random seed. `RXCHAIN_ITERATIONS` raises
/// `iterations` for a longer run. A case fails when `property` returns `false` or throws.
/// On the first failure the runner shrinks the case greedily (trying smaller candidates
/// and keeping each one that still fails, up to a budget of candidates) and throws a
/// ``PropertyFailure`` whose description shows the seed, the case number, the original
/// and the minimal counterexample, and the `RXCHAIN_SEED=… swift test --filter …`
/// command that replays the run.
///
/// Call it from a Swift Testing test with `try`: the test reports the thrown error.
///
/// ```swift
/// @Test func depositsNeverLowerTheBalance() throws {
///     try forAll(Gen.zip(.integer(in: -1_000...1_000), .integer(in: 0...500))) { balance, deposit in
///         apply(.deposit(deposit), to: balance) >= balance
///     }
/// }
/// ```
///
/// A property may use `try #require(…)` (it throws) but not `#expect`: an expectation
/// records an issue for every shrink candidate instead of failing the case.
///
/// - Parameters:
///   - generator: Draws the cases.
///   - iterations: How many cases to check when all pass (at least 1).
///   - seed: A fixed seed, overriding `RXCHAIN_SEED`; `nil` to use the environment or a random seed.
///   - fileID: The calling file, for the failure report and the replay command.
///   - function: The calling test function, named in the replay command's `--filter`.
///   - line: The calling line, for the failure report.
///   - property: Returns whether the property holds for a value; throwing counts as a failure.
/// - Throws: ``PropertyFailure`` when a case fails; ``PropertyConfigurationError`` when
///   `iterations` or an environment variable is unusable (before any case runs).
public func forAll<Value>(
    _ generator: Gen<Value>, iterations: Int = 100, seed: UInt64? = nil,
    fileID: String = #fileID, function: String = #function, line: Int = #line,
    property: (Value) throws -> Bool
) throws {
    let configuration = try PropertyConfiguration.resolve(
        seed: seed, iterations: iterations, environment: ProcessInfo.processInfo.environment,
        location: PropertyLocation(fileID: fileID, function: function, line: line))
    try check(generator, configuration: configuration, property: property)
}

/// Checks that the asynchronous `property` holds for `iterations` values drawn from `generator`.
///
/// The same as the synchronous ``forAll(_:iterations:seed:fileID:function:line:property:)-4mmjn``,
/// with cases checked one after another, each awaited before the next is drawn. If the
/// task is cancelled, the run stops and throws `CancellationError`.
///
/// ```swift
/// @Test func depositsAddUp() async throws {
///     try await forAll(Gen.integer(in: 0...1_000).array(length: 0...30)) { amounts in
///         let account = Account()  // an actor
///         for amount in amounts { await account.deposit(amount) }
///         return await account.balance == amounts.reduce(0, +)
///     }
/// }
/// ```
public func forAll<Value>(
    _ generator: Gen<Value>, iterations: Int = 100, seed: UInt64? = nil,
    fileID: String = #fileID, function: String = #function, line: Int = #line,
    property: (Value) async throws -> Bool
) async throws {
    let configuration = try PropertyConfiguration.resolve(
        seed: seed, iterations: iterations, environment: ProcessInfo.processInfo.environment,
        location: PropertyLocation(fileID: fileID, function: function, line: line))
    try await check(generator, configuration: configuration, property: property)
}

/// Runs a property with resolved settings (the synchronous driver of ``PropertyRunStateMachine``).
func check<Value>(
    _ generator: Gen<Value>, configuration: PropertyConfiguration, property: (Value) throws -> Bool
) throws(PropertyFailure) {
    var machine = PropertyRunStateMachine(generator: generator, configuration: configuration)
    var action = machine.started()
    while true {
        switch action {
        case .check(let value):
            let failure: PropertyFailure.Reason?
            do { failure = try property(value) ? nil : .returnedFalse } catch { failure = .threw(error) }
            action = machine.caseChecked(failure: failure)
        case .passed:
            return
        case .failed(let propertyFailure):
            throw propertyFailure
        }
    }
}

/// Runs an asynchronous property with resolved settings (the async driver of ``PropertyRunStateMachine``).
func check<Value>(
    _ generator: Gen<Value>, configuration: PropertyConfiguration, property: (Value) async throws -> Bool
) async throws {
    var machine = PropertyRunStateMachine(generator: generator, configuration: configuration)
    var action = machine.started()
    while true {
        try Task.checkCancellation()
        switch action {
        case .check(let value):
            let failure: PropertyFailure.Reason?
            do { failure = try await property(value) ? nil : .returnedFalse } catch {
                failure = .threw(error)
            }
            action = machine.caseChecked(failure: failure)
        case .passed:
            return
        case .failed(let propertyFailure):
            throw propertyFailure
        }
    }
}

/// Runs a script's steps in order for either kind of world, counting them and the
/// expectations into the file's result.
///
/// - A failed expectation is reported and the run goes on (every failure of a file shows).
/// - A ``ScenarioScriptError`` (a step that cannot be carried out as written) stops the file as
///   a script error; any other error (the machine failed) stops it as failed.
package enum ScenarioStepLoop {
    package static func run<Command>(
        _ steps: [ScenarioStep<Command>], into result: inout ScenarioFileResult,
        emit: (ScenarioEvent) throws -> Void, step run: (ScenarioStep<Command>) async throws -> ScenarioEvent
    ) async throws {
        for step in steps {
            result.steps += 1
            var event: ScenarioEvent
            do {
                event = try await run(step)
            } catch let error as ScenarioScriptError {
                var failed = ScenarioEvent(location: step.location, step: step.text, status: .error)
                failed.detail = [error.message]
                try emit(failed)
                result.outcome = .error
                result.reason = "\(error)"
                return
            } catch {
                var failed = ScenarioEvent(location: step.location, step: step.text, status: .error)
                failed.detail = ["\(error)"]
                try emit(failed)
                result.outcome = .failed
                result.reason = "\(step.location): \(error)"
                return
            }
            if case .expect = step.action {
                if event.status == .failed {
                    result.expectationsFailed += 1
                    if result.outcome == .passed { result.outcome = .failed }
                } else {
                    result.expectationsPassed += 1
                }
            }
            try emit(event)
        }
    }

    /// Opens the script's devices with `open`, runs the steps, and calls `close` on every way
    /// out; devices that cannot be opened fail the file with the reason.
    package static func run<Command>(
        _ steps: [ScenarioStep<Command>], into result: inout ScenarioFileResult,
        emit: (ScenarioEvent) throws -> Void, opening open: () async throws -> Void,
        step run: (ScenarioStep<Command>) async throws -> ScenarioEvent, closing close: () async -> Void
    ) async throws {
        do {
            try await open()
        } catch {
            await close()
            result.outcome = .failed
            result.reason = "cannot open the devices: \(error)"
            return
        }
        do {
            try await self.run(steps, into: &result, emit: emit, step: run)
        } catch {
            await close()
            throw error
        }
        await close()
    }
}

extension Flow {
    /// A flow that asks the user through `present`, which shows a prompt and keeps the
    /// ``FlowAnswer`` until the user answers or dismisses it.
    ///
    /// Resumes with the answer; with `.cancelled` when the prompt is dismissed
    /// (``FlowAnswer/cancel()``), when `present` or the UI drops the answer without calling it,
    /// or when the task is cancelled, whichever comes first: it never leaves its caller waiting.
    ///
    /// ```swift
    /// let pick = Flow<String>.asking { answer in
    ///     picker.show(choices, onPick: answer.complete, onDismiss: answer.cancel)
    /// }
    /// ```
    public static func asking(_ present: @escaping @Sendable (FlowAnswer<Value>) -> Void) -> Flow {
        Flow {
            let slot = FlowAnswerSlot<Value>()
            present(FlowAnswer(slot))
            return await withTaskCancellationHandler {
                await slot.wait()
            } onCancel: {
                slot.resume(with: .cancelled)
            }
        }
    }
}

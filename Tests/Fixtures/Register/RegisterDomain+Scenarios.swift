import RxChainScenarios

/// Scripts drive the register with the engine's `DEVICE: send {…}` only.
extension RegisterDomain: ScenarioDomain {}

// The umbrella: `import RxChain` gives everything an app embeds, layer by layer.
@_exported import RxChainCollections
@_exported import RxChainCore
@_exported import RxChainDevice
@_exported import RxChainJSON
@_exported import RxChainLogs
@_exported import RxChainRemotes
@_exported import Signals

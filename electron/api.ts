/**
 * Transitional: the old names of the contract's types for the renderer, until its imports move to
 * contract/ (the contract itself lives in contract/index.ts).
 */
export * from '../contract';
export type {
  CallInput as ChannelInput,
  CallResult as IpcResult,
  ContractFunction as ChannelFunction,
  ErrorCode as IpcErrorCode,
  ErrorInfo as IpcError,
  Output as ChannelOutput,
} from '../contract';

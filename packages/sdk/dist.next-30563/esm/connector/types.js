// Public types of the connector SDK: options, tool registration, the transport-free request and
// response, and the exchange event adapters emit for logs.
export {};

// Vareflyt's screen is loaded by the router straight from its file (a chunk of its own, issue 11); the dashboard
// loads this index lazily for its transfer-orders block, so the block is a small chunk of its own too.
export { TransferBlock } from './components/transfer-block';

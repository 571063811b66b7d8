export { WordCheckerPage } from './components/word-checker-page';

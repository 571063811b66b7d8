export { TranslatorBar, type TTranslatorBarProps } from './components/translator-bar';

export * from './work-loop';

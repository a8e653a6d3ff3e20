/** Plan tests (`expect`): discovery in .kgp text and pass/fail with Hits@k — shared by the Test Explorer and `kgrag test`. */
export * from './evaluate';
export * from './discover';
export * from './run';
export * from './baseline';
export * from './pin';
export * from './folderPins';

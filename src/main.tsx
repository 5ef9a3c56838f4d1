import { configure } from 'mobx';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { antdNotifier } from './request/antd-notifier.ts';
import { preloadFeedback } from './request/lazy-feedback.ts';
import { setNotifier } from './request/request.ts';
import { RootStore } from './stores/RootStore.ts';

configure({ enforceActions: 'never' });

const root = new RootStore();
setNotifier(antdNotifier(root.i18n));
createRoot(document.getElementById('root')!).render(<App root={root} />);
preloadFeedback();

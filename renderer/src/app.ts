// The Vue app with its Pinia stores, mounted behind the opening frame if there is one (App.vue takes it away).
// Errors Vue catches in a screen are logged and shown like any other (screen-errors.ts).
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { reportScreenError, showRunningError } from './screen-errors';

export function startApp(): void {
  const app = createApp(App);
  app.config.errorHandler = (error, _instance, info) => {
    reportScreenError('error', error, info);
    showRunningError(error);
  };
  app.use(createPinia()).mount('#app');
}

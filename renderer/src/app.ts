// The Vue app with its Pinia stores, mounted behind the opening frame if there is one (App.vue takes it away).
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).use(createPinia()).mount('#app');

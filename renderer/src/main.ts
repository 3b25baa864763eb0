// Renderer entry: the Vue app with its Pinia stores and the global stylesheet (a file: the CSP allows no inline styles).
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './styles.css';

createApp(App).use(createPinia()).mount('#app');

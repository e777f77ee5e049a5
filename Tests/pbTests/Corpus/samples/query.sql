SELECT name FROM users WHERE age > 30 ORDER BY name;

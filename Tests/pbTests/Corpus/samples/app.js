const items = [1, 2, 3];
console.log(items.map((n) => n * 2));
